import { Anchor, Badge, Card, Group, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import type { PreparationBatch } from "@domain/contracts/preparation";
import { formatKilos, formatWeight, toGrams } from "@domain/money";
import { isPickupZone } from "@domain/delivery-method";
import { formatDistance } from "@domain/routing";
import { formatIsoDate } from "@domain/calendar";

/**
 * The route's length. A pick-up batch has no route; a batch none of whose orders has
 * coordinates cannot have one (it showed "0 M"), and its orders are flagged one by one.
 */
function RouteBadge({ batch, pickup }: { batch: PreparationBatch; pickup: boolean }) {
  if (pickup) return null;
  if (!batch.maps_url)
    return (
      <Badge variant="light" color="orange" tt="none">
        Sin recorrido
      </Badge>
    );
  return (
    <Badge variant="light" color="gray" tt="none">
      {formatDistance(batch.route_distance_m)}
    </Badge>
  );
}

const NEW_ORDER_STYLE = {
  background: "var(--mantine-color-blue-light)",
  borderRadius: "var(--mantine-radius-sm)",
  paddingInline: 4,
};

/**
 * One suggested batch: where and when, its orders in route order, and what to pick once for
 * all of them. An order that just arrived is marked 'Nuevo' and the card outlined, for a while.
 */
export function BatchCard({
  batch,
  onOpenOrder,
  isNew,
}: {
  batch: PreparationBatch;
  onOpenOrder(id: number): void;
  isNew(id: number): boolean;
}) {
  // A pick-up order is collected at the depot: it needs no coordinates.
  const pickup = !!batch.zone && isPickupZone(batch.zone);
  const unlocated = new Set(pickup ? [] : batch.without_coordinates);
  const holdsNew = batch.orders.some((o) => isNew(o.PK_Orders));
  return (
    <Card
      withBorder
      shadow="xs"
      padding="md"
      aria-label={`Lote ${batch.zone ?? "sin zona"} ${batch.time_slot ?? ""}`.trim()}
      data-testid="batch-card"
      style={holdsNew ? { outline: "3px solid var(--mantine-color-blue-filled)", outlineOffset: -1 } : undefined}
    >
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{batch.zone ?? "Sin zona"}</Text>
        <Text size="sm">
          {formatIsoDate(batch.delivery_date)} · {batch.time_slot ?? "Sin horario"}
        </Text>
      </Group>
      <Group gap="xs" mb="sm">
        <Badge variant="light">{batch.order_count === 1 ? "1 pedido" : `${batch.order_count} pedidos`}</Badge>
        <Badge variant="light" color="gray" tt="none">
          {formatWeight(toGrams(batch.total_weight))}
        </Badge>
        <RouteBadge batch={batch} pickup={pickup} />
      </Group>
      <Stack gap={4} mb="sm">
        {batch.orders.map((order) => (
          <UnstyledButton
            key={order.PK_Orders}
            onClick={() => onOpenOrder(order.PK_Orders)}
            aria-label={`Pedido #${order.PK_Orders}${isNew(order.PK_Orders) ? ", nuevo" : ""}`}
            style={isNew(order.PK_Orders) ? NEW_ORDER_STYLE : undefined}
          >
            <Group gap="xs" wrap="nowrap">
              {isNew(order.PK_Orders) && (
                <Badge size="sm" color="blue" style={{ flexShrink: 0 }}>
                  Nuevo
                </Badge>
              )}
              <Text size="sm" fw={600}>
                #{order.PK_Orders}
              </Text>
              <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
                {order.FK_Clients__Name} — {order.Address}
              </Text>
              {order.FK_OrderStatus__PK_OrderStatus === 5 && (
                <Badge size="xs" color="yellow" style={{ flexShrink: 0 }}>
                  Pendiente
                </Badge>
              )}
              {unlocated.has(order.PK_Orders) && (
                <Badge size="xs" color="red" style={{ flexShrink: 0 }}>
                  Sin coordenadas
                </Badge>
              )}
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
      <Text size="sm" fw={600}>
        Lista de preparación
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} aria-label="Lista de preparación">
        <Table.Tbody>
          {batch.pick_list.map((line) => (
            <Table.Tr key={`${line.product_id}-${line.Type}`}>
              <Table.Td>{line.product_name}</Table.Td>
              <Table.Td ta="right">
                {line.Type === "KG" ? formatKilos(toGrams(line.Amount)) : `${line.Amount} u.`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group mt="sm" gap="md">
        {batch.maps_url && (
          <Anchor href={batch.maps_url} target="_blank" rel="noreferrer" size="sm">
            Ver ruta en Google Maps
          </Anchor>
        )}
        <Anchor href={batch.whatsapp_url} target="_blank" rel="noreferrer" size="sm">
          Compartir por WhatsApp
        </Anchor>
      </Group>
    </Card>
  );
}
