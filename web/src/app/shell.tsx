import { AppShell, Burger, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Outlet } from "react-router";
import { OfflineBanner } from "../features/offline";
import { PendingOrdersBadge } from "../features/pending-orders";
import { SideMenu } from "./side-menu";

/** The inner shell of every route but login, registration, home and the map. */
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure();
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
