import { batchOrders, type BatchableOrder } from "../../../domain/batching";
import { gramsToDecimal, toGrams } from "../../../domain/money";
import { STATUS } from "../../../domain/order-status";
import type { Point } from "../../../domain/routing";
import type { Executor } from "../../db/types";
import { boardRows, type BoardRow } from "../orders/board-repository";
import type { OrderGroup } from "../orders/service";
import { groupBatches, replaceGroupBatches, type NewBatch } from "./repository";

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

/** What a `preparation.updated` event tells the boards about a group whose batches changed. */
export interface GroupUpdate {
  delivery_date: string;
  zone_id: number | null;
  time_slot_id: number | null;
  batches: number;
  orders: number;
  cost_ms: number;
}

const sameBatches = (stored: { orderIds: number[]; totalWeight: string }[], fresh: NewBatch[]) =>
  stored.length === fresh.length && stored.every((b, i) => JSON.stringify(b.orderIds) === JSON.stringify(fresh[i]!.orderIds) && toGrams(b.totalWeight) === toGrams(fresh[i]!.totalWeight!));

/**
 * Re-batches one (zone, date, time slot) group from its open orders as they are now, inside
 * the sweep's transaction. Batches equal to the stored ones are left alone (null): a
 * repeated run writes nothing and announces nothing.
 */
export async function recomputeGroup(tx: Executor, depot: Point, group: OrderGroup): Promise<GroupUpdate | null> {
  const started = performance.now();
  const rows = (await boardRows(tx, { statusIds: PREPARATION_STATUSES, group })).map(toBatchable);
  const batches: NewBatch[] = batchOrders(rows, depot).map((batch, position) => ({
    shipmentId: group.zoneId,
    deliveryDate: group.deliveryDate,
    timesShippingId: group.timeSlotId,
    position,
    orderIds: batch.orders.map((o) => o.id),
    totalWeight: weightOf(batch.orders.map((o) => o.row)),
    routeDistanceM: batch.routeMeters,
  }));
  if (sameBatches(await groupBatches(tx, group), batches)) return null;
  await replaceGroupBatches(tx, group, batches);
  return { delivery_date: group.deliveryDate, zone_id: group.zoneId, time_slot_id: group.timeSlotId, batches: batches.length, orders: rows.length, cost_ms: Math.round(performance.now() - started) };
}
