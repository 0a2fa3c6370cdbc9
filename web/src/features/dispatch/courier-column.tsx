import { useDraggable, useDroppable } from "@dnd-kit/core";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { courierName } from "@domain/contracts/boards";
import { MAX_ROUTE_ORDERS, type DispatchCard } from "@domain/contracts/dispatch";
import { sendRouteRefusal } from "@domain/dispatch";
import type { BoardOrderRow } from "@domain/contracts/boards";
import type { ReactNode } from "react";
import { columnLoad } from "./column-load";
import { OrderCard } from "./order-card";

export interface DropTarget {
  courier: number;
  beforeId: number | null;
}

function DraggableCard({ card }: { card: DispatchCard }) {
  const drag = useDraggable({
    id: `card-${card.PK_Orders}`,
    data: { card },
    attributes: { roleDescription: "pedido arrastrable" },
  });
  const drop = useDroppable({
    id: `before-${card.PK_Orders}`,
    data: { courier: card.courier, beforeId: card.PK_Orders } satisfies DropTarget,
  });
  const style = drag.transform
    ? {
        transform: `translate3d(${drag.transform.x}px, ${drag.transform.y}px, 0)`,
        zIndex: 10,
        position: "relative" as const,
      }
    : undefined;
  return (
    <div
      ref={drop.setNodeRef}
      style={{
        outline: drop.isOver && !drag.isDragging ? "2px dashed var(--mantine-color-blue-5)" : undefined,
        borderRadius: 6,
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: dnd-kit's attributes give this element role="button" */}
      <div
        ref={drag.setNodeRef}
        style={style}
        {...drag.listeners}
        {...drag.attributes}
        aria-label={`Pedido #${card.PK_Orders}`}
      >
        <OrderCard order={card} />
      </div>
    </div>
  );
}

interface CourierColumnProps {
  courier: number;
  cards: DispatchCard[];
  /** The whole column, filters aside: routes and weights are the courier's real load. */
  load: DispatchCard[];
  /** The column's orders on the street (its pending stops): the head counts them too. */
  sent?: BoardOrderRow[];
  onShowRoute(ids: number[]): void;
  onSendRoute(cards: DispatchCard[]): void;
  /** The linked courier's panel (select, stops, progress), under the title. */
  status?: ReactNode;
  /** Whether a Cadete user is linked to the column: only then can its route be sent. */
  linked?: boolean;
  /** The applied day's plan: each order's trip in this column. The route is then the top trip's orders. */
  tripOf?: Map<number, number>;
  /** The column's least width: 260 px in one row that scrolls, the grid's track when columns wrap. */
  minWidth?: number;
}

/** The orders 'Mostrar ruta' and 'Enviar ruta' act on: the top trip when a plan laid the column, else the whole column. */
function routeOf(load: DispatchCard[], tripOf?: Map<number, number>) {
  const top = load[0] && tripOf?.get(load[0].PK_Orders);
  if (top === undefined) return load;
  const trip: DispatchCard[] = [];
  for (const card of load) {
    if (tripOf!.get(card.PK_Orders) !== top) break;
    trip.push(card);
  }
  return trip;
}

/** A courier's column: a drop zone, its cards in order, its weight and, with 1 to 3 orders, its route. */
export function CourierColumn({
  courier,
  cards,
  load,
  onShowRoute,
  onSendRoute,
  status,
  linked = false,
  sent = [],
  tripOf,
  minWidth = 260,
}: CourierColumnProps) {
  const drop = useDroppable({ id: `column-${courier}`, data: { courier, beforeId: null } satisfies DropTarget });
  const route = routeOf(load, tripOf);
  const ids = route.map((c) => c.PK_Orders);
  const routable = courier > 0 && route.length >= 1 && route.length <= MAX_ROUTE_ORDERS;
  const refusal = sendRouteRefusal(courier, route.length, linked);
  return (
    <Paper
      ref={drop.setNodeRef}
      withBorder
      p="sm"
      bg={drop.isOver ? "blue.0" : "gray.0"}
      miw={minWidth}
      style={{ flex: 1 }}
      aria-label={courierName(courier)}
      data-testid={`column-${courier}`}
    >
      <Group justify="space-between" mb="xs" gap={4} wrap="wrap">
        <Title order={2} size="h4">
          {courierName(courier)}
        </Title>
        <Text size="sm" c="gray.7" data-testid={`weight-${courier}`}>
          {columnLoad(load, sent)}
        </Text>
      </Group>
      {status}
      {routable && (
        <Group gap="xs" mb="xs">
          <Button size="xs" variant="light" onClick={() => onShowRoute(ids)}>
            Mostrar ruta
          </Button>
          <Button
            size="xs"
            disabled={!!refusal}
            aria-describedby={refusal ? `send-refusal-${courier}` : undefined}
            onClick={() => onSendRoute(route)}
          >
            {route.length < load.length ? "Enviar viaje" : "Enviar ruta"}
          </Button>
        </Group>
      )}
      {routable && refusal && (
        <Text size="sm" c="orange.9" mb="xs" id={`send-refusal-${courier}`} data-testid={`send-refusal-${courier}`}>
          {refusal}
        </Text>
      )}
      <Stack gap="xs" mih={120}>
        {cards.map((card, i) => {
          const trip = tripOf?.get(card.PK_Orders);
          const starts = trip !== undefined && (i === 0 || tripOf?.get(cards[i - 1]!.PK_Orders) !== trip);
          return (
            <Stack key={card.PK_Orders} gap={4}>
              {starts && (
                <Text size="xs" fw={700} c="dimmed" data-testid={`trip-${courier}-${trip}`}>
                  Viaje {trip}
                  {i > 0 ? " (en cola)" : ""}
                </Text>
              )}
              <DraggableCard card={card} />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
