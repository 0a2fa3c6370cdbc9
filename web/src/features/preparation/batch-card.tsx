import { Anchor, Badge, Card, Group, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import type { PreparationBatch } from "../../../../domain/contracts/boards";
import { formatKilos, formatWeight, toGrams } from "../../../../domain/money";
import { isPickupZone } from "../../../../domain/delivery";
import { formatDistance } from "../../../../domain/routing";
import { formatIsoDate } from "../../../../domain/calendar";

/** One suggested batch: where and when, its orders in route order, and what to pick once for all of them. */
export function BatchCard({ batch, onOpenOrder }: { batch: PreparationBatch; onOpenOrder(id: number): void }) {
  // A pick-up order is collected at the depot: it needs no coordinates.
  const unlocated = new Set(batch.zone && isPickupZone(batch.zone) ? [] : batch.without_coordinates);
  return (
    <Card withBorder shadow="xs" padding="md" aria-label={`Lote ${batch.zone ?? "sin zona"} ${batch.time_slot ?? ""}`.trim()} data-testid="batch-card">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{batch.zone ?? "Sin zona"}</Text>
        <Text size="sm">
          {formatIsoDate(batch.delivery_date)} · {batch.time_slot ?? "Sin horario"}
        </Text>
      </Group>
      <Group gap="xs" mb="sm">
        <Badge variant="light">{batch.order_count === 1 ? "1 pedido" : `${batch.order_count} pedidos`}</Badge>
        <Badge variant="light" color="gray">
          {formatWeight(toGrams(batch.total_weight))}
        </Badge>
        <Badge variant="light" color="gray">
          {formatDistance(batch.route_distance_m)}
        </Badge>
      </Group>
      <Stack gap={4} mb="sm">
        {batch.orders.map((order) => (
          <UnstyledButton key={order.PK_Orders} onClick={() => onOpenOrder(order.PK_Orders)} aria-label={`Pedido #${order.PK_Orders}`}>
            <Group gap="xs" wrap="nowrap">
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
              <Table.Td ta="right">{line.Type === "KG" ? formatKilos(toGrams(line.Amount)) : `${line.Amount} u.`}</Table.Td>
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
