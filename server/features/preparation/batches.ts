import { batchOrders, groupKey, type BatchableOrder } from "../../../domain/batching";
import { gramsToDecimal, toGrams } from "../../../domain/money";
import { STATUS } from "../../../domain/order-status";
import type { Point } from "../../../domain/routing";
import type { Executor } from "../../db/types";
import { boardRows, type BoardRow } from "../orders/board-repository";
import type { OrderGroup } from "../orders/service";
import { batchableOrders, replaceBatchesOf, storedBatchesOf, type BatchableOrderRow, type NewBatch } from "./repository";

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

const sameBatches = (stored: { order_ids: number[]; total_weight: string }[], fresh: NewBatch[]) =>
  stored.length === fresh.length &&
  stored.every((b, i) => b.order_ids.length === fresh[i]!.orderIds.length && b.order_ids.every((id, k) => id === fresh[i]!.orderIds[k]) && toGrams(b.total_weight) === toGrams(fresh[i]!.totalWeight!));

interface WeighedOrder extends BatchableOrder {
  totalWeight: string;
}

const toWeighed = (row: BatchableOrderRow): WeighedOrder => ({
  id: row.id,
  zoneId: row.zone_id,
  deliveryDate: row.delivery_date,
  timeSlotId: row.time_slot_id,
  latitude: row.latitude === null ? null : Number(row.latitude),
  longitude: row.longitude === null ? null : Number(row.longitude),
  totalWeight: row.total_weight,
});

function byGroup<T extends Pick<BatchableOrder, "zoneId" | "deliveryDate" | "timeSlotId">>(items: T[]) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupKey(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const newBatches = (group: OrderGroup, orders: WeighedOrder[], depot: Point): NewBatch[] =>
  batchOrders(orders, depot).map((batch, position) => ({
    shipmentId: group.zoneId,
    deliveryDate: group.deliveryDate,
    timesShippingId: group.timeSlotId,
    position,
    orderIds: batch.orders.map((o) => o.id),
    totalWeight: weightOf(batch.orders),
    routeDistanceM: batch.routeMeters,
  }));

/**
 * Re-batches these (zone, date, time slot) groups from their open orders as they are now,
 * inside the sweep's transaction, with one read of the orders, one of the stored batches and
 * one write for all of them. Groups whose batches come out as stored are left alone: a
 * repeated run writes nothing and announces nothing.
 */
export async function recomputeGroups(tx: Executor, depot: Point, groups: OrderGroup[]): Promise<GroupUpdate[]> {
  if (!groups.length) return [];
  const started = performance.now();
  const [orders, stored] = await Promise.all([batchableOrders(tx, groups, PREPARATION_STATUSES), storedBatchesOf(tx, groups)]);
  const ordersByGroup = byGroup(orders.map(toWeighed));
  const storedByGroup = byGroup(stored.map((b) => ({ ...b, zoneId: b.zone_id, deliveryDate: b.delivery_date, timeSlotId: b.time_slot_id })));
  const changed = groups
    .map((group) => {
      const open = ordersByGroup.get(groupKey(group)) ?? [];
      return { group, orders: open.length, batches: newBatches(group, open, depot) };
    })
    .filter(({ group, batches }) => !sameBatches(storedByGroup.get(groupKey(group)) ?? [], batches));
  await replaceBatchesOf(tx, changed.map((c) => c.group), changed.flatMap((c) => c.batches));
  const costMs = Math.round(performance.now() - started);
  return changed.map(({ group, orders: count, batches }) => ({
    delivery_date: group.deliveryDate,
    zone_id: group.zoneId,
    time_slot_id: group.timeSlotId,
    batches: batches.length,
    orders: count,
    cost_ms: costMs,
  }));
}
