import { AppShell, Burger, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { Outlet } from "react-router";
import { wantNotices } from "../components/notify";
import { OfflineBanner } from "../features/offline";
import { PendingOrdersBadge, prefetchPendingOrdersPage } from "../features/pending-orders";
import { SideMenu } from "./side-menu";

/** The inner shell of every route but login, registration, home and the map. */
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure();
  // What a screen here may need with no signal is fetched while there is one: the notices, and
  // 'Pendientes' (an order taken here may be kept on the phone). The home fetches neither.
  useEffect(() => {
    wantNotices();
    prefetchPendingOrdersPage();
  }, []);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !opened } }}
      footer={{ height: 36 }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md">
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir menú" />
          <Text fw={700} size="xl">
            Frío
          </Text>
          <Group ml="auto">
            <PendingOrdersBadge />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <SideMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <OfflineBanner />
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Text size="xs" c="gray.7" ta="center" py={8}>
          Frío · distribución de congelados
        </Text>
      </AppShell.Footer>
    </AppShell>
  );
}
