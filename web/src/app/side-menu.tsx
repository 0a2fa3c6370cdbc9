import { Avatar, Box, Button, NavLink, Stack, Text } from "@mantine/core";
import { Link, useLocation, useNavigate } from "react-router";
import { logout, useCurrentUser } from "../features/auth/api/session";
import { clearOrderInProgress } from "../stores/order-wizard";
import { visibleLinks } from "./menu";

export function SideMenu({ onNavigate }: { onNavigate(): void }) {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
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
      <Button
        mt="auto"
        variant="light"
        color="red"
        onClick={async () => {
          await logout();
          navigate("/login", { replace: true });
        }}
      >
        Cerrar Sesión
      </Button>
    </Stack>
  );
}
