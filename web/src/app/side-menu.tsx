import { Avatar, Box, NavLink, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { useCurrentUser } from "../api/session";
import { LogoutButton } from "../components/logout-button";
import { clearOrderInProgress } from "../stores/order-wizard";
import { visibleLinks } from "./menu";

export function SideMenu({ onNavigate }: { onNavigate(): void }) {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  return (
    <Stack gap="xs" h="100%">
      <Box ta="center" py="md">
        <Avatar src={user?.profile_image ?? "/default-avatar.svg"} size={72} mx="auto" alt="Foto de perfil" />
        <Text fw={600} mt="xs">
          {user?.display_name}
        </Text>
        <Text size="sm" c="dimmed">
          {user?.group}
        </Text>
      </Box>
      <nav aria-label="Menú principal">
        {visibleLinks(user?.group).map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={location.pathname === link.to}
            onClick={() => {
              // SPEC.md §2: leaving through the menu abandons the order in progress.
              clearOrderInProgress();
              onNavigate();
            }}
          />
        ))}
      </nav>
      <LogoutButton mt="auto" />
    </Stack>
  );
}
