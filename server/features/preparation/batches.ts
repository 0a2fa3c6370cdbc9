import { batchOrders, groupKey, type BatchableOrder } from "../../../domain/batching";
import { gramsToDecimal, toGrams } from "../../../domain/money";
import { STATUS } from "../../../domain/order-status";
import type { Point } from "../../../domain/routing";
import type { Database } from "../../db/types";
import { appendEvent, latestEventId } from "../../realtime/outbox";
import { boardRows, type BoardRow } from "../orders/board-repository";
import type { OrderGroup } from "../orders/service";
import { groupBatches, lockGroup, recordRun, replaceGroupBatches, seenEventOf } from "./repository";
import { noteRecomputeCost } from "./schedule";

/** SPEC.md §4: preparation works on Confirmado and Pendiente orders. */
export const PREPARATION_STATUSES = [STATUS.confirmed, STATUS.pending];

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

export const weightOf = (rows: Pick<BoardRow, "totalWeight">[]) => gramsToDecimal(rows.reduce((sum, r) => sum + toGrams(r.totalWeight), 0));

/**
 * Re-batches one (zone, date, time slot) group from the orders as they are now and
 * stores the result. Idempotent: a retried or repeated run writes the same batches. A run
 * asked for by event `eventId` is skipped when an earlier run had already seen that event
 * (event ids follow commit order, so every change up to the newest visible id is read).
 */
export async function recomputeGroup(db: Database, depot: Point, group: OrderGroup, eventId: number | null = null) {
  const started = performance.now();
  const key = groupKey(group);
  const result = await db.transaction(async (tx) => {
    await lockGroup(tx, group);
    if (eventId !== null && (await seenEventOf(tx, key)) >= eventId) return { skipped: true as const };
    const seen = await latestEventId(tx);
    const rows = (await boardRows(tx, { statusIds: PREPARATION_STATUSES, group })).map(toBatchable);
    const batches = batchOrders(rows, depot);
    await recordRun(tx, key, seen);
    // Same batches as stored: nothing to write and nothing for the boards to reload.
    const stored = (await groupBatches(tx, group)).map((b) => b.orderIds);
    if (JSON.stringify(stored) === JSON.stringify(batches.map((b) => b.orders.map((o) => o.id)))) return { batches: batches.length, orders: rows.length, unchanged: true };
    await replaceGroupBatches(
      tx,
      group,
      batches.map((batch, position) => ({
        shipmentId: group.zoneId,
        deliveryDate: group.deliveryDate,
        timesShippingId: group.timeSlotId,
        position,
        orderIds: batch.orders.map((o) => o.id),
        totalWeight: weightOf(batch.orders.map((o) => o.row)),
        routeDistanceM: batch.routeMeters,
      })),
    );
    await appendEvent(tx, {
      type: "preparation.updated",
      actorId: null,
      // The cost tells every API instance how far apart to ask for runs (schedule.ts).
      data: { delivery_date: group.deliveryDate, zone_id: group.zoneId, time_slot_id: group.timeSlotId, batches: batches.length, orders: rows.length, cost_ms: Math.round(performance.now() - started) },
    });
    return { batches: batches.length, orders: rows.length };
  });
  if (!("skipped" in result)) noteRecomputeCost(group, performance.now() - started);
  return result;
}
