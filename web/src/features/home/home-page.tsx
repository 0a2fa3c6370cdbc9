import { Avatar, Card, Container, Group, SimpleGrid, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useCurrentUser } from "../../api/session";
import { LogoutButton } from "../../components/logout-button";

const TILES = [
  { label: "Nuevo Pedido", to: "/orders/new" },
  { label: "Nuevo Cliente", to: "/create-client" },
  { label: "Nuevo Producto", to: "/products/new" },
  { label: "Configuración", to: "/settings" },
  { label: "Pedidos", to: "/orders" },
  { label: "Clientes", to: "/clients" },
  { label: "Productos", to: "/products" },
];

export function HomePage() {
  const { data: user } = useCurrentUser();
  return (
    <Container size="md" py="xl">
      <Group justify="space-between" mb="xl">
        <Group>
          <Avatar src={user?.profile_image ?? "/default-avatar.svg"} size="lg" alt="Foto de perfil" />
          <div>
            <Title order={2}>Hola, {user?.display_name ?? ""}</Title>
            <Text c="dimmed">{user?.group}</Text>
          </div>
        </Group>
        <LogoutButton />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
        {TILES.map((tile) => (
          <Card key={tile.to} component={Link} to={tile.to} withBorder shadow="xs" padding="xl" ta="center">
            <Text fw={600}>{tile.label}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
