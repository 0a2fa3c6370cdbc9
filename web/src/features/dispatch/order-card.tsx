import { Badge, Group, Paper, Text } from "@mantine/core";
import type { BoardOrderRow } from "@domain/contracts/boards";
import { isPickupZone } from "@domain/delivery-method";
import { formatWeight, toGrams } from "@domain/money";

/** What a dispatcher needs at a glance: who, where, when and how heavy. */
export function OrderCard({ order, large = false }: { order: BoardOrderRow; large?: boolean }) {
  const size = large ? "xl" : "sm";
  return (
    <Paper withBorder p={large ? "md" : "xs"} shadow="xs" data-testid="dispatch-card" data-order-id={order.PK_Orders}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} size={size}>
          #{order.PK_Orders} {order.FK_Clients__Name}
        </Text>
        <Text size={size} style={{ whiteSpace: "nowrap" }}>
          {formatWeight(toGrams(order.total_weight))}
        </Text>
      </Group>
      <Text size={size} c="dimmed" truncate>
        {order.Address}
      </Text>
      <Group gap={4} mt={4}>
        <Badge variant="light" size={large ? "lg" : "sm"}>
          {order.FK_Shipments__Name ?? "Sin zona"}
        </Badge>
        <Badge variant="light" color="gray" size={large ? "lg" : "sm"}>
          {order.FK_TimesShipping__Name ?? "Sin horario"}
        </Badge>
        {(order.Latitude === null || order.Longitude === null) && !isPickupZone(order.FK_Shipments__Name ?? "") && (
          <Badge color="red" size={large ? "lg" : "sm"}>
            Sin coordenadas
          </Badge>
        )}
      </Group>
    </Paper>
  );
}
