import { createHash } from "node:crypto";
import { batchOrders, groupKey, type BatchableOrder } from "../../../domain/batching";
import type { PreparationBatch } from "../../../domain/contracts/boards";
import { gramsToDecimal, toGrams } from "../../../domain/money";
import { STATUS } from "../../../domain/order-status";
import type { Point } from "../../../domain/routing";
import type { Executor } from "../../db/types";
import { linesOfOrders, type BoardRow } from "../orders/board-repository";
import type { OrderGroup } from "../orders/service";
import { openOrdersOfGroups, replaceBatchesOf, storedDigestsOf, type NewBatch } from "./repository";
import { linesByOrder, toView } from "./views";

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
  /** The group's batches as the board shows them. */
  group_batches: PreparationBatch[];
}

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

interface GroupBatches {
  group: OrderGroup;
  orders: number;
  views: PreparationBatch[];
  batches: NewBatch[];
}

function batchGroup(group: OrderGroup, orders: BatchableRow[], depot: Point, lines: ReturnType<typeof linesByOrder>): GroupBatches {
  const views = batchOrders(orders, depot).map((batch) => toView(depot, batch.orders, lines));
  const batches = views.map((view, position) => ({
    shipmentId: group.zoneId,
    deliveryDate: group.deliveryDate,
    timesShippingId: group.timeSlotId,
    position,
    orderIds: view.orders.map((o) => o.PK_Orders),
    totalWeight: view.total_weight,
    routeDistanceM: view.route_distance_m,
    view: JSON.stringify(view),
  }));
  return { group, orders: orders.length, views, batches };
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");
/** The stored views equal the fresh ones: a view holds the orders, their cards, the weight and the route. */
const sameViews = (stored: { digest: string }[], fresh: NewBatch[]) => stored.length === fresh.length && stored.every((b, i) => b.digest === md5(fresh[i]!.view));

/**
 * Re-batches these (zone, date, time slot) groups from their open orders as they are now,
 * inside the sweep's transaction, with one read of the orders, one of their lines, one of the
 * stored views and one write for all of them. Each batch is stored with the view the board
 * shows, so a board read only scans them. Groups whose views come out as stored are left
 * alone: a repeated run writes nothing and announces nothing.
 */
export async function recomputeGroups(tx: Executor, depot: Point, groups: OrderGroup[]): Promise<GroupUpdate[]> {
  if (!groups.length) return [];
  const started = performance.now();
  const [rows, stored] = await Promise.all([openOrdersOfGroups(tx, groups, PREPARATION_STATUSES), storedDigestsOf(tx, groups)]);
  const lines = linesByOrder(await linesOfOrders(tx, rows.map((r) => r.id)));
  const ordersByGroup = byGroup(rows.map(toBatchable));
  const storedByGroup = byGroup(stored.map((b) => ({ ...b, zoneId: b.zone_id, deliveryDate: b.delivery_date, timeSlotId: b.time_slot_id })));
  const changed = groups
    .map((group) => batchGroup(group, ordersByGroup.get(groupKey(group)) ?? [], depot, lines))
    .filter(({ group, batches }) => !sameViews(storedByGroup.get(groupKey(group)) ?? [], batches));
  await replaceBatchesOf(tx, changed.map((c) => c.group), changed.flatMap((c) => c.batches));
  const costMs = Math.round(performance.now() - started);
  return changed.map(({ group, orders, views }) => ({
    delivery_date: group.deliveryDate,
    zone_id: group.zoneId,
    time_slot_id: group.timeSlotId,
    batches: views.length,
    orders,
    cost_ms: costMs,
    group_batches: views,
  }));
}
