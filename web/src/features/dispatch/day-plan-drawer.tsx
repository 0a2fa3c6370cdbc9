import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { courierName } from "../../../../domain/contracts/boards";
import type { DispatchCard } from "../../../../domain/contracts/dispatch";
import { FLEET_COLUMNS, type PlanRequest } from "../../../../domain/contracts/day-plan";
import { formatDistance } from "../../../../domain/routing";
import { errorMessage } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useApplyPlan } from "./api/apply-plan";
import { usePlan } from "./api/get-plan";
import { useRequestPlan } from "./api/request-plan";

type Pins = NonNullable<PlanRequest["pins"]>;

const PLAN_FAILED = "No se pudo calcular el plan. Probá de nuevo.";

/**
 * 'Planificar el día': the date's plan as trips per courier (each stop with its estimated time),
 * what it left out and why; the dispatcher moves an order to another courier, locks a trip,
 * plans the rest again, and lays the plan on the board.
 */
export function DayPlanDrawer({
  date,
  cards,
  opened,
  onClose,
}: {
  date: string;
  cards: DispatchCard[];
  opened: boolean;
  onClose(): void;
}) {
  const [planId, setPlanId] = useState<string | null>(null);
  const [pins, setPins] = useState<Pins>([]);
  const [locked, setLocked] = useState<Set<string>>(new Set());
  const requesting = useRequestPlan();
  const applying = useApplyPlan();
  const plan = usePlan(planId);
  const byId = new Map(cards.map((c) => [c.PK_Orders, c]));
  const describe = (id: number) => {
    const card = byId.get(id);
    return card ? `#${id} ${card.FK_Clients__Name} — ${card.Address}` : `#${id}`;
  };
  const data = plan.data;
  const computing =
    requesting.isPending || (planId !== null && (!data || data.status === "queued" || data.status === "running"));

  async function calculate() {
    const trips = data?.trips ?? [];
    const lockedTrips = trips
      .filter((t) => locked.has(`${t.column}:${t.number}`))
      .map((t) => ({ column: t.column, order_ids: t.stops.map((s) => s.order_id) }));
    try {
      const { id } = await requesting.mutateAsync({ delivery_date: date, pins, locked: lockedTrips });
      setPlanId(id);
      setLocked(new Set());
    } catch (error) {
      notifyError(errorMessage(error, PLAN_FAILED));
    }
  }

  async function apply() {
    if (!planId) return;
    try {
      notifySuccess((await applying.mutateAsync(planId)).message);
      onClose();
    } catch (error) {
      notifyError(errorMessage(error, PLAN_FAILED));
    }
  }

  const move = (orderId: number, column: string | null) =>
    setPins((current) => [
      ...current.filter((p) => p.order_id !== orderId),
      ...(column ? [{ order_id: orderId, column: Number(column), trip: null }] : []),
    ]);
  const pinOf = (orderId: number) => pins.find((p) => p.order_id === orderId)?.column ?? null;
  const toggleLock = (key: string) =>
    setLocked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title="Planificar el día" padding="md">
      <Stack>
        <Text size="sm">
          Viajes para cada cadete del {date}: la carga y las paradas de cada viaje, el horario de cada franja y el
          turno, con la menor distancia total.
        </Text>
        <Group>
          <Button onClick={() => void calculate()} loading={computing} data-testid="plan-calculate">
            {data ? "Volver a planificar" : "Calcular plan"}
          </Button>
          {data?.status === "ready" && !data.applied && (
            <Button color="green" onClick={() => void apply()} loading={applying.isPending}>
              Aplicar al tablero
            </Button>
          )}
        </Group>
        {computing && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Calculando el plan…</Text>
          </Group>
        )}
        {data?.status === "failed" && <Alert color="red">{data.error ?? PLAN_FAILED}</Alert>}
        {data?.status === "ready" && (
          <>
            <Text size="sm" data-testid="plan-summary">
              {data.trips.length} viajes · {formatDistance(data.distance_m ?? 0)} en total · calculado en{" "}
              {((data.solve_ms ?? 0) / 1000).toLocaleString("es-AR", { maximumFractionDigits: 1 })} s
            </Text>
            {FLEET_COLUMNS.map((column) => {
              const trips = data.trips.filter((t) => t.column === column);
              return (
                <Stack key={column} gap="xs" data-testid={`plan-courier-${column}`}>
                  <Title order={3} size="h4">
                    {courierName(column)}
                  </Title>
                  {trips.length === 0 && (
                    <Text size="sm" c="dimmed">
                      Sin viajes.
                    </Text>
                  )}
                  {trips.map((trip) => {
                    const key = `${trip.column}:${trip.number}`;
                    return (
                      <Paper key={key} withBorder p="sm" data-testid={`plan-trip-${key}`}>
                        <Group justify="space-between" mb="xs">
                          <Text fw={700}>
                            Viaje {trip.number} · sale {trip.depart} · vuelve {trip.return}
                          </Text>
                          <Text size="sm">
                            {trip.weight_kg.toLocaleString("es-AR", { maximumFractionDigits: 1 })} kg ·{" "}
                            {formatDistance(trip.distance_m)}
                          </Text>
                        </Group>
                        <Stack gap={4}>
                          {trip.stops.map((stop) => (
                            <Group key={stop.order_id} justify="space-between" wrap="nowrap" gap="xs">
                              <Text size="sm" style={{ flex: 1 }}>
                                {stop.eta} · {describe(stop.order_id)}
                              </Text>
                              <Select
                                size="xs"
                                w={130}
                                aria-label={`Cadete del pedido #${stop.order_id}`}
                                placeholder="Mover a…"
                                data={FLEET_COLUMNS.map((c) => ({ value: String(c), label: courierName(c) }))}
                                value={pinOf(stop.order_id) === null ? null : String(pinOf(stop.order_id))}
                                onChange={(value) => move(stop.order_id, value)}
                                clearable
                              />
                            </Group>
                          ))}
                        </Stack>
                        <Checkbox
                          mt="xs"
                          label="Fijar este viaje al volver a planificar"
                          checked={locked.has(key)}
                          onChange={() => toggleLock(key)}
                        />
                      </Paper>
                    );
                  })}
                </Stack>
              );
            })}
            <Title order={3} size="h4">
              Sin ubicar
            </Title>
            {data.unassigned.length === 0 ? (
              <Text size="sm" c="dimmed">
                Todos los pedidos tienen viaje.
              </Text>
            ) : (
              <Stack gap={4} data-testid="plan-unassigned">
                {data.unassigned.map((u) => (
                  <Group key={u.order_id} gap="xs">
                    <Text size="sm">{describe(u.order_id)}</Text>
                    <Badge color="orange" variant="light">
                      {u.reason}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
            {pins.length > 0 && (
              <Text size="sm" c="dimmed">
                {pins.length} pedido(s) con cadete elegido: se respetan al volver a planificar.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Drawer>
  );
}
