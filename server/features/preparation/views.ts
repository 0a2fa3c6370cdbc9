import type { BatchableOrder } from "@domain/batching";
import type { PreparationBatch } from "@domain/contracts/preparation";
import { preparationLines } from "@domain/pick-list";
import { batchView } from "@domain/preparation-view";
import type { Point } from "@domain/routing";
import type { BoardRow, linesOfOrders } from "../order-read-model";

type OrderLine = Awaited<ReturnType<typeof linesOfOrders>>[number];

/** An open order as batching reads it, with its board row. */
export interface BatchableRow extends BatchableOrder {
  row: BoardRow;
}

export const toBatchable = (row: BoardRow): BatchableRow => ({
  id: row.id,
  zoneId: row.zoneId,
  deliveryDate: row.deliveryDate,
  timeSlotId: row.timeSlotId,
  latitude: row.latitude === null ? null : Number(row.latitude),
  longitude: row.longitude === null ? null : Number(row.longitude),
  row,
});

/** A batch as the board shows it: its orders' cards (with their lines) in route order, the route's links and the pick list. */
export function toView(depot: Point, orders: BatchableRow[], linesByOrder: Map<number, OrderLine[]>): PreparationBatch {
  const names = new Map<number, string>();
  const cards = orders.map((o) => {
    const lines = linesByOrder.get(o.id) ?? [];
    for (const line of lines) names.set(line.productId, line.productName);
    return { ...o.row.card, lines: preparationLines(lines) };
  });
  return batchView(depot, cards, (id) => names.get(id) ?? "");
}

/** Each order's lines, grouped once: filtering every line for every batch cost batches × lines. */
export function linesByOrder(lines: OrderLine[]) {
  const byOrder = new Map<number, OrderLine[]>();
  for (const line of lines) {
    const held = byOrder.get(line.orderId);
    if (held) held.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return byOrder;
}
