import {
  Alert,
  Badge,
  Box,
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
import { lazy, Suspense, useState } from "react";
import { courierName } from "@domain/contracts/boards";
import type { DayPlanResponse, PlanRequest } from "@domain/contracts/day-plan";
import { formatDistance } from "@domain/routing";
import { errorMessage } from "../../api/messages";
import { useMapConfig } from "../../api/map-config";
import { notifyError, notifySuccess } from "../../components/notify";
import { useApplyPlan } from "./api/apply-plan";
import { usePlan } from "./api/get-plan";
import { useRequestPlan } from "./api/request-plan";
import { courierColor } from "./courier-colors";

// MapLibre loads only when a plan is shown.
const PlanMap = lazy(() => import("./plan-map").then((m) => ({ default: m.PlanMap })));

type Pins = NonNullable<PlanRequest["pins"]>;
type Trip = DayPlanResponse["trips"][number];

const PLAN_FAILED = "No se pudo calcular el plan. Probá de nuevo.";
const tripKey = (column: number, trip: number) => `${column}:${trip}`;

/** Where 'Mover a…' may put an order: any courier (the plan picks the trip), or one of a courier's trips. */
function moveOptions(columns: number[], trips: Trip[]) {
  return columns.map((column) => ({
    group: courierName(column),
    items: [
      { value: `c:${column}`, label: `${courierName(column)} (cualquier viaje)` },
      ...trips
        .filter((t) => t.column === column)
        .map((t) => ({ value: `t:${column}:${t.number}`, label: `${courierName(column)} · Viaje ${t.number}` })),
    ],
  }));
}

function MoveSelect({
  orderId,
  value,
  options,
  onChange,
}: {
  orderId: number;
  value: string | null;
  options: ReturnType<typeof moveOptions>;
  onChange(value: string | null): void;
}) {
  return (
    <Select
      size="xs"
      w={150}
      aria-label={`Cadete del pedido #${orderId}`}
      placeholder="Mover a…"
      data={options}
      value={value}
      onChange={onChange}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * 'Planificar el día': the date's plan on a map and as trips per courier (each stop with its
 * estimated time), what it left out and why; the dispatcher moves an order to another courier or
 * trip, locks a trip, plans the rest again, and lays the plan on the board.
 */
export function DayPlanDrawer({
  date,
  columns,
  opened,
  onClose,
}: {
  date: string;
  /** The fleet's courier columns, as the board shows them. */
  columns: number[];
  opened: boolean;
  onClose(): void;
}) {
  const [planId, setPlanId] = useState<string | null>(null);
  const [pins, setPins] = useState<Pins>([]);
  const [locked, setLocked] = useState<Set<string>>(new Set());
  const requesting = useRequestPlan();
  const applying = useApplyPlan();
  const plan = usePlan(planId);
  const mapConfig = useMapConfig();
  const data = plan.data;
  const computing =
    requesting.isPending || (planId !== null && (!data || data.status === "queued" || data.status === "running"));
  const trips = data?.trips ?? [];
  const options = moveOptions(columns, trips);

  async function calculate() {
    const lockedTrips = trips
      .filter((t) => locked.has(tripKey(t.column, t.number)))
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

  /**
   * Pins an order to a courier ("c:N") or into one of its trips ("t:N:K"); the trip's other
   * orders are pinned to it too (the latest choice wins), so the order joins them when planning again.
   */
  const move = (orderId: number, value: string | null) =>
    setPins((current) => {
      const rest = current.filter((p) => p.order_id !== orderId);
      if (!value) return rest;
      const [kind, column, number] = value.split(":");
      if (kind === "c") return [...rest, { order_id: orderId, column: Number(column), trip: null }];
      const trip = trips.find((t) => t.column === Number(column) && t.number === Number(number));
      const ids = [orderId, ...(trip?.stops ?? []).map((s) => s.order_id).filter((id) => id !== orderId)];
      return [
        ...rest.filter((p) => !ids.includes(p.order_id)),
        ...ids.map((id) => ({ order_id: id, column: Number(column), trip: Number(number) })),
      ];
    });
  const pinOf = (orderId: number) => {
    const pin = pins.find((p) => p.order_id === orderId);
    if (!pin) return null;
    return pin.trip === null ? `c:${pin.column}` : `t:${pin.column}:${pin.trip}`;
  };
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
            {data.depot && data.trips.length > 0 && mapConfig.data !== undefined && (
              <Suspense fallback={<Loader />}>
                <PlanMap styleUrl={mapConfig.data.style_url} depot={data.depot} trips={data.trips} />
              </Suspense>
            )}
            {columns.map((column) => {
              const own = data.trips.filter((t) => t.column === column);
              return (
                <Stack key={column} gap="xs" data-testid={`plan-courier-${column}`}>
                  <Group gap="xs">
                    <Box
                      aria-hidden
                      w={14}
                      h={14}
                      style={{ borderRadius: "50%", background: courierColor(column), flexShrink: 0 }}
                    />
                    <Title order={3} size="h4">
                      {courierName(column)}
                    </Title>
                  </Group>
                  {own.length === 0 && (
                    <Text size="sm" c="dimmed">
                      Sin viajes.
                    </Text>
                  )}
                  {own.map((trip) => {
                    const key = tripKey(trip.column, trip.number);
                    return (
                      <Paper
                        key={key}
                        withBorder
                        p="sm"
                        data-testid={`plan-trip-${key}`}
                        style={{ borderLeft: `4px solid ${courierColor(column)}` }}
                      >
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
                              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                                {stop.eta} · #{stop.order_id} {stop.client_name} — {stop.address}
                              </Text>
                              <MoveSelect
                                orderId={stop.order_id}
                                value={pinOf(stop.order_id)}
                                options={options}
                                onChange={(value) => move(stop.order_id, value)}
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
                  <Group key={u.order_id} gap="xs" justify="space-between" wrap="nowrap">
                    <Group gap="xs" style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        #{u.order_id} {u.client_name}
                        {u.address ? ` — ${u.address}` : ""}
                      </Text>
                      <Badge color="orange" variant="light">
                        {u.reason}
                      </Badge>
                    </Group>
                    {u.reason !== "sin coordenadas" && (
                      <MoveSelect
                        orderId={u.order_id}
                        value={pinOf(u.order_id)}
                        options={options}
                        onChange={(value) => move(u.order_id, value)}
                      />
                    )}
                  </Group>
                ))}
              </Stack>
            )}
            {pins.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="plan-pins">
                {pins.length === 1 ? "1 pedido fijado" : `${pins.length} pedidos fijados`} a un cadete o un viaje: se
                respetan al volver a planificar.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Drawer>
  );
}
