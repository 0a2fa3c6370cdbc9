import { Avatar, Card, Container, Group, Loader, SimpleGrid, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { can, type Capability } from "@domain/permissions";
import { useCurrentUser } from "../../api/session";
import { useAfterFirstPaint } from "../../components/after-first-paint";
import { LogoutButton } from "../../components/logout-button";

// The day's figures bring zod and their contracts: /login, which shares this chunk, must not wait for them.
const HomeDay = lazy(() => import("./home-day").then((m) => ({ default: m.HomeDay })));

// SPEC.md §2's tiles, each shown only to groups that may use it (domain/permissions.ts), plus
// the board of the groups that work one.
const TILES: { label: string; to: string; capability?: Capability }[] = [
  { label: "Mi reparto", to: "/reparto", capability: "courier.work" },
  { label: "Nuevo Pedido", to: "/orders/new", capability: "orders.take" },
  { label: "Nuevo Cliente", to: "/create-client", capability: "catalog.write" },
  { label: "Nuevo Producto", to: "/products/new", capability: "catalog.write" },
  { label: "Preparación", to: "/admin/preparation", capability: "preparation.work" },
  { label: "Despacho", to: "/admin/dispatch", capability: "dispatch.work" },
  { label: "Configuración", to: "/settings" },
  { label: "Pedidos", to: "/orders", capability: "orders.list" },
  { label: "Clientes", to: "/clients", capability: "catalog.read" },
  { label: "Productos", to: "/products", capability: "catalog.read" },
];

export function HomePage() {
  const { data: user } = useCurrentUser();
  // The day's figures (their code, zod and two requests) start once the tiles are on screen.
  const painted = useAfterFirstPaint();
  return (
    <Container component="main" size="md" py="xl">
      <Group justify="space-between" mb="xl">
        <Group>
          <Avatar src={user?.profile_image ?? "/default-avatar.svg"} size="lg" alt="Foto de perfil" />
          <div>
            <Title order={1} size="h2">
              Hola, {user?.display_name ?? ""}
            </Title>
            <Text c="dimmed">{user?.group}</Text>
          </div>
        </Group>
        <LogoutButton />
      </Group>
      {/* The tiles first (SPEC.md §2's order): 'Nuevo Pedido' is on a phone's first screen, and
          the day's figures, arriving later below them, move nothing already shown. */}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} mb="xl">
        {TILES.filter((tile) => !tile.capability || can(user?.group, tile.capability)).map((tile) => (
          // Narrow sides: 'Configuración' fits a phone's half width without breaking the word.
          <Card key={tile.to} component={Link} to={tile.to} withBorder shadow="xs" padding="xl" px="xs" ta="center">
            <Text fw={600}>{tile.label}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Suspense fallback={<Loader aria-label="Cargando las cifras del día" />}>
        {painted ? <HomeDay /> : <Loader aria-label="Cargando las cifras del día" />}
      </Suspense>
    </Container>
  );
}
