import { Alert, Anchor, Group, List, Loader, Modal, Text } from "@mantine/core";
import { lazy, Suspense, useMemo } from "react";
import { BOARD_MESSAGES } from "@domain/contracts/boards";
import type { DispatchRoute } from "@domain/contracts/dispatch";
import { formatDistance } from "@domain/routing";
import { useMapConfig } from "../../api/map-config";
import type { RouteStopPoint } from "../../components/route-map";
import { useRoute } from "./api/get-route";

// MapLibre loads only when a route is shown.
const RouteMap = lazy(() => import("../../components/route-map").then((m) => ({ default: m.RouteMap })));

function RouteDetails({ route, courier = null }: { route: DispatchRoute; courier?: RouteStopPoint | null }) {
  const config = useMapConfig();
  const stops = useMemo(
    () => route.stops.map((s) => ({ lat: s.lat, lng: s.lng, label: `#${s.order_id} ${s.client_name}` })),
    [route],
  );
  return (
    <>
      <Text fw={600} mb="xs" data-testid="route-distance">
        Distancia: {formatDistance(route.distance_m)}
      </Text>
      {config.data !== undefined && route.stops.length > 0 && (
        <Suspense fallback={<Loader />}>
          <RouteMap styleUrl={config.data.style_url} depot={route.depot} stops={stops} courier={courier} />
        </Suspense>
      )}
      <List type="ordered" mt="sm">
        {route.stops.map((s) => (
          <List.Item key={s.order_id}>
            #{s.order_id} {s.client_name} — {s.address}
          </List.Item>
        ))}
        {route.without_coordinates.map((id) => (
          <List.Item key={id}>#{id} (sin coordenadas: al final)</List.Item>
        ))}
      </List>
      <Group mt="md">
        {route.maps_url && (
          <Anchor href={route.maps_url} target="_blank" rel="noreferrer">
            Abrir la ruta para navegar
          </Anchor>
        )}
        <Anchor href={route.whatsapp_url} target="_blank" rel="noreferrer">
          Compartir por WhatsApp
        </Anchor>
      </Group>
    </>
  );
}

/** 'Mostrar ruta': the stops in the order the courier should drive them, from the depot. */
export function RouteModal({
  title,
  orderIds,
  courier = null,
  onClose,
}: {
  title: string;
  orderIds: number[];
  courier?: RouteStopPoint | null;
  onClose(): void;
}) {
  const route = useRoute(orderIds);
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      {route.isLoading && <Loader />}
      {route.isError && <Alert color="red">{BOARD_MESSAGES.preparedLoadFailed}</Alert>}
      {courier && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="route-courier-age">
          {courier.label}
        </Text>
      )}
      {route.data && <RouteDetails route={route.data} courier={courier} />}
    </Modal>
  );
}

/** After 'Enviar ruta': the links to hand to the courier. */
export function SentRouteModal({ title, route, onClose }: { title: string; route: DispatchRoute; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <Alert color="teal" mb="md">
        {BOARD_MESSAGES.routeSent}
      </Alert>
      <RouteDetails route={route} />
    </Modal>
  );
}
