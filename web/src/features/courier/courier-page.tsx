import { Alert, Card, Center, Container, Group, Loader, Progress, Stack, Switch, Text, Title } from "@mantine/core";
import { useState } from "react";
import { formatTime, todayInBuenosAires } from "@domain/calendar";
import type { CourierStop } from "@domain/contracts/courier";
import type { NotDeliveredReason } from "@domain/courier";
import { formatMoney, toCentavos } from "@domain/money";
import { DeliverModal } from "./deliver-modal";
import { useRoute } from "./api/get-route";
import { NotDeliveredModal } from "./not-delivered-modal";
import { PlannedTrips } from "./planned-trips";
import { useSharePosition } from "./share-position";
import { StopCard } from "./stop-card";

function PositionSharing({ routeOpen }: { routeOpen: boolean }) {
  const share = useSharePosition(routeOpen);
  return (
    <Card withBorder padding="sm">
      <Switch
        size="md"
        label="Compartir mi ubicación con despacho mientras tenga paradas"
        checked={share.consent}
        onChange={(e) => share.setConsent(e.currentTarget.checked)}
      />
      {share.consent && share.lastSent && (
        <Text size="sm" c="gray.7" mt={4}>
          Última ubicación enviada a las {formatTime(share.lastSent)}
        </Text>
      )}
      {share.error && (
        <Text size="sm" c="red.8" mt={4}>
          {share.error}
        </Text>
      )}
    </Card>
  );
}

/** /reparto: the courier's stops of the day in route order, for a phone held in one hand. */
export function CourierPage() {
  const [date] = useState(todayInBuenosAires());
  const route = useRoute(date);
  const [delivering, setDelivering] = useState<CourierStop | null>(null);
  const [failing, setFailing] = useState<{ stop: CourierStop; reason: NotDeliveredReason | null } | null>(null);
  const failStop = (stop: CourierStop) => setFailing({ stop, reason: null });

  if (route.isLoading)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (route.isError || !route.data) return <Alert color="red">No se pudieron cargar tus paradas.</Alert>;
  const { stops, progress, cash, cold_chain, trips } = route.data;
  const open = stops.filter((s) => s.state === "pendiente");
  const closed = stops.filter((s) => s.state !== "pendiente");
  // With a day's plan, open stops show under their trip; any sent outside it show first, as before.
  const planned = new Set(trips.flatMap((t) => t.stops.map((s) => s.order_id)));
  const openIds = new Set(open.map((s) => s.order_id));
  const closedIds = new Set(closed.map((s) => s.order_id).filter((id) => !openIds.has(id)));
  // An order sent again after No entregado has a newer stop: the older one's mark is history.
  const latest = new Map<number, number>();
  for (const s of stops) latest.set(s.order_id, Math.max(latest.get(s.order_id) ?? 0, s.stop_id));

  return (
    <Container size="xs" px={0}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            Mi reparto
          </Title>
          <Text fw={700} size="lg" data-testid="courier-progress">
            {progress.done}/{progress.total} paradas
          </Text>
        </Group>
        {progress.total > 0 && (
          <Progress
            value={(progress.done / progress.total) * 100}
            size="lg"
            color="teal"
            aria-label="Avance del reparto"
          />
        )}
        <Group justify="space-between">
          <Text>
            Efectivo a rendir: <b>{formatMoney(toCentavos(cash.received))}</b>
          </Text>
          {cash.difference !== "0.00" && <Text c="red.8">Diferencia {formatMoney(toCentavos(cash.difference))}</Text>}
        </Group>
        {stops.length === 0 && trips.length === 0 && (
          <Alert color="blue" title="Sin paradas por ahora">
            Cuando despacho te envíe una ruta, las paradas aparecen acá solas.
          </Alert>
        )}
        {open
          .filter((stop) => !planned.has(stop.order_id))
          .map((stop) => (
            <StopCard key={stop.stop_id} stop={stop} onDelivered={setDelivering} onNotDelivered={failStop} />
          ))}
        {trips.length > 0 && (
          <PlannedTrips
            trips={trips}
            open={open}
            closedIds={closedIds}
            onDelivered={setDelivering}
            onNotDelivered={failStop}
          />
        )}
        {open.length > 0 && <PositionSharing routeOpen />}
        {closed.length > 0 && (
          <Title order={2} size="h4" mt="sm">
            Cerradas
          </Title>
        )}
        {closed.map((stop) => (
          <StopCard
            key={stop.stop_id}
            stop={stop}
            latest={latest.get(stop.order_id) === stop.stop_id}
            onDelivered={setDelivering}
            onNotDelivered={failStop}
          />
        ))}
      </Stack>
      {delivering && (
        <DeliverModal
          stop={delivering}
          coldChain={cold_chain}
          onClose={() => setDelivering(null)}
          onColdChainBroken={(stop) => {
            setDelivering(null);
            setFailing({ stop, reason: "Cadena de frío" });
          }}
        />
      )}
      {failing && (
        <NotDeliveredModal stop={failing.stop} initialReason={failing.reason} onClose={() => setFailing(null)} />
      )}
    </Container>
  );
}
