import { batchOrders, type BatchableOrder } from "../../../domain/batching";
import { gramsToDecimal, toGrams } from "../../../domain/money";
import { STATUS } from "../../../domain/order-status";
import type { Point } from "../../../domain/routing";
import type { Database } from "../../db/types";
import { appendEvent } from "../../realtime/outbox";
import { boardRows, type BoardRow } from "../orders/repository";
import type { OrderGroup } from "../orders/service";
import { lockGroup, replaceGroupBatches } from "./repository";

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
 * stores the result. Idempotent: a retried or repeated run writes the same batches.
 */
export async function recomputeGroup(db: Database, depot: Point, group: OrderGroup) {
  return db.transaction(async (tx) => {
    await lockGroup(tx, group);
    const rows = (await boardRows(tx, { statusIds: PREPARATION_STATUSES, group })).map(toBatchable);
    const batches = batchOrders(rows, depot);
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
      data: { delivery_date: group.deliveryDate, zone_id: group.zoneId, time_slot_id: group.timeSlotId, batches: batches.length, orders: rows.length },
    });
    return { batches: batches.length, orders: rows.length };
  });
}
