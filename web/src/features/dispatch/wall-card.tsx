import { Group, Paper, Text } from "@mantine/core";
import type { BoardOrderRow } from "../../../../domain/contracts/boards";
import { formatWeight, toGrams } from "../../../../domain/money";

// Near-black on white: 17:1, read from three metres (the issue asks for at least 7:1).
const INK = "#16181d";
const CARD = "#ffffff";

/** An order on the wall screen: number, client, weight, address, zone and slot, large. */
export function WallCard({ order }: { order: BoardOrderRow }) {
  return (
    <Paper
      p="md"
      radius="md"
      data-testid="wall-card"
      data-order-id={order.PK_Orders}
      style={{ background: CARD, color: INK }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={800} fz={30} lh={1.15} c={INK}>
          #{order.PK_Orders}
        </Text>
        <Text fw={800} fz={30} lh={1.15} c={INK} style={{ whiteSpace: "nowrap" }}>
          {formatWeight(toGrams(order.total_weight))}
        </Text>
      </Group>
      <Text fw={800} fz={30} lh={1.15} c={INK} style={{ overflowWrap: "anywhere" }}>
        {order.FK_Clients__Name}
      </Text>
      <Text fz={24} c={INK} mt={4}>
        {order.Address}
      </Text>
      <Text fz={24} fw={700} c={INK} mt={4}>
        {order.FK_Shipments__Name ?? "Sin zona"} · {order.FK_TimesShipping__Name ?? "Sin horario"}
      </Text>
    </Paper>
  );
}
