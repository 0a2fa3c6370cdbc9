import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { CourierStop } from "@domain/contracts/courier";
import type { PlanTrip } from "@domain/contracts/day-plan";
import { StopCard } from "./stop-card";

/**
 * The courier's day as the dispatcher planned it: 'Viaje 1', 'Viaje 2'… in order, each with its
 * stops. A stop already sent is its card, with its buttons, in the order of the route it was sent
 * with (its number); one not sent yet is a line with its estimated time in the plan's order, 'En cola' until dispatch sends that trip. Delivered stops move to
 * 'Cerradas' as before.
 */
export function PlannedTrips({
  trips,
  open,
  closedIds,
  onDelivered,
  onNotDelivered,
}: {
  trips: PlanTrip[];
  open: CourierStop[];
  /** Orders closed (Entregado or No entregado) and not sent again. */
  closedIds: Set<number>;
  onDelivered(stop: CourierStop): void;
  onNotDelivered(stop: CourierStop): void;
}) {
  const openById = new Map(open.map((s) => [s.order_id, s]));
  return (
    <>
      {[...trips]
        .sort((a, b) => a.number - b.number)
        .map((trip) => {
          const left = trip.stops.filter((s) => !closedIds.has(s.order_id));
          const sent = trip.stops.some((s) => openById.has(s.order_id) || closedIds.has(s.order_id));
          return (
            <Stack key={trip.number} gap="xs" data-testid={`courier-trip-${trip.number}`}>
              <Group justify="space-between" gap="xs" mt="xs">
                <Title order={2} size="h3">
                  Viaje {trip.number}
                </Title>
                <Text fw={600} c="gray.7">
                  {left.length === 0 ? "Completo" : `sale ${trip.depart} · vuelve ${trip.return}`}
                </Text>
              </Group>
              {left
                .flatMap((planned) => openById.get(planned.order_id) ?? [])
                .sort((a, b) => a.position - b.position)
                .map((stop) => (
                  <StopCard
                    key={stop.stop_id}
                    stop={stop}
                    level={3}
                    onDelivered={onDelivered}
                    onNotDelivered={onNotDelivered}
                  />
                ))}
              {left.map((planned) => {
                if (openById.has(planned.order_id)) return null;
                return (
                  <Card key={planned.order_id} withBorder padding="sm" data-testid={`queued-${planned.order_id}`}>
                    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
                          {planned.eta} · {planned.client_name}
                        </Title>
                        <Text style={{ overflowWrap: "anywhere" }}>{planned.address}</Text>
                        <Text size="sm" c="gray.7">
                          Pedido #{planned.order_id}
                        </Text>
                      </Stack>
                      <Badge variant="light" color="gray" c="gray.9" style={{ flexShrink: 0 }}>
                        {sent ? "Por enviar" : "En cola"}
                      </Badge>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          );
        })}
    </>
  );
}
