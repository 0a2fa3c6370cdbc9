import { createHash } from "node:crypto";
import { batchMembers, batchOrders, groupKey, type Batch, type BatchableOrder } from "@domain/batching";
import type { PreparationBatch } from "@domain/contracts/preparation";
import { groupDelta, type GroupDelta } from "@domain/preparation-delta";
import { PREPARATION_STATUSES } from "@domain/order-status";
import type { Point } from "@domain/routing";
import type { Executor } from "../../db/types";
import { boardRows, linesOfOrders, type OrderGroup } from "../order-read-model";
import {
  placedOrdersOf,
  rememberInputs,
  replaceBatchesAt,
  storedBatchesOf,
  storedCountsOf,
  storedInputsOf,
  type BatchPlace,
  type GroupInput,
  type GroupScope,
  type NewBatch,
  type StoredBatchRow,
} from "./repository";
import { linesByOrder, toBatchable, toView } from "./views";

/** What a `preparation.updated` event tells the boards about a group whose batches changed (PreparationUpdatedData). */
export interface GroupUpdate extends GroupDelta {
  delivery_date: string;
  zone_id: number | null;
  time_slot_id: number | null;
  batches: number;
  orders: number;
  cost_ms: number;
  origin: Point;
}

/** Orders whose card may differ from the one their stored view shows: every order, or these. */
export type StaleOrders = ReadonlySet<number> | "all";

function byGroup<T extends OrderGroup>(items: T[]) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupKey(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A fresh batch of a group, at its position. */
interface PlacedBatch {
  group: OrderGroup;
  position: number;
  batch: Batch<BatchableOrder>;
}

const sameMembers = (stored: StoredBatchRow | undefined, batch: Batch<BatchableOrder>) =>
  stored !== undefined &&
  stored.routeDistanceM === batch.routeMeters &&
  stored.orderIds.length === batch.orders.length &&
  stored.orderIds.every((id, i) => id === batch.orders[i]!.id);

/**
 * One group's plan: its batches as its open orders are now, the ones whose view must be
 * built again (their orders or route changed, or one of their orders' cards may have), and the
 * places of stored batches it no longer has.
 */
function planGroup(
  group: OrderGroup,
  orders: BatchableOrder[],
  stored: StoredBatchRow[],
  depot: Point,
  stale: StaleOrders,
) {
  // The stored batches are kept where the route allows: a new order changes the batches around it only.
  const previous = new Set(stored.map((b) => batchMembers(b.orderIds)));
  const fresh = batchOrders(orders, depot, previous).map(
    (batch, position): PlacedBatch => ({ group, position, batch }),
  );
  const toBuild = fresh.filter(
    ({ position, batch }) =>
      stale === "all" || !sameMembers(stored[position], batch) || batch.orders.some((o) => stale.has(o.id)),
  );
  const dropped = stored.slice(fresh.length).map((b) => placeOf(group, b.position));
  return { group, orders: orders.length, batches: fresh.length, fresh, toBuild, dropped };
}

const placeOf = (group: OrderGroup, position: number): BatchPlace => ({
  shipmentId: group.zoneId,
  deliveryDate: group.deliveryDate,
  timesShippingId: group.timeSlotId,
  position,
});
const groupOfPlace = (p: BatchPlace) =>
  groupKey({ zoneId: p.shipmentId ?? null, deliveryDate: p.deliveryDate, timeSlotId: p.timesShippingId ?? null });
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** A batch built again: its row to store and its view as the board shows it. */
interface BuiltBatch {
  stored: NewBatch;
  view: PreparationBatch;
}

/** The views of these batches, built from their orders' cards and lines as they are now. */
async function buildBatches(tx: Executor, depot: Point, placed: PlacedBatch[]): Promise<BuiltBatch[]> {
  const ids = placed.flatMap((p) => p.batch.orders.map((o) => o.id));
  if (!ids.length) return [];
  const [rows, lines] = await Promise.all([boardRows(tx, { ids }), linesOfOrders(tx, ids)]);
  const rowById = new Map(rows.map((row) => [row.id, toBatchable(row)]));
  const linesOf = linesByOrder(lines);
  return placed.map(({ group, position, batch }) => {
    // Orders are never deleted: every order batched has its row.
    const view = toView(
      depot,
      batch.orders.map((o) => rowById.get(o.id)!),
      linesOf,
    );
    const text = JSON.stringify(view);
    const stored = {
      ...placeOf(group, position),
      orderIds: view.orders.map((o) => o.PK_Orders),
      totalWeight: view.total_weight,
      routeDistanceM: view.route_distance_m,
      view: text,
      viewDigest: md5(text),
    };
    return { stored, view };
  });
}

const placeKey = (p: BatchPlace) => `${groupOfPlace(p)}|${p.position}`;

/** The groups these items fall in, each once. */
function groupsOf(items: OrderGroup[]): OrderGroup[] {
  const groups = new Map<string, OrderGroup>();
  for (const { zoneId, deliveryDate, timeSlotId } of items)
    groups.set(groupKey({ zoneId, deliveryDate, timeSlotId }), { zoneId, deliveryDate, timeSlotId });
  return [...groups.values()];
}

/** What batching a group depends on: its open orders' ids and coordinates, in id order, hashed as they are held in memory. */
function inputDigest(orders: BatchableOrder[]) {
  const values = new Float64Array(orders.length * 3);
  orders.forEach((o, i) => {
    values[i * 3] = o.id;
    values[i * 3 + 1] = o.latitude ?? NaN;
    values[i * 3 + 2] = o.longitude ?? NaN;
  });
  return createHash("md5").update(values).digest("hex");
}

/**
 * Whether a group's stored batches are already what batching its orders gives: they were
 * computed from the same ids and coordinates, hold as many orders, and none of the orders is
 * stale. A batching rule changed by an upgrade, or a bulk change, marks every batch stale (the cursor's
 * `names_changed`), which makes every order stale.
 */
const alreadyBatched = (
  orders: BatchableOrder[],
  storedOrders: number,
  storedInput: string | undefined,
  stale: StaleOrders,
) =>
  stale !== "all" &&
  storedOrders === orders.length &&
  !orders.some((o) => stale.has(o.id)) &&
  storedInput === inputDigest(orders);

/**
 * Re-batches these (zone, date, time slot) groups (or every group) from their open orders as
 * they are now, inside the sweep's transaction. Batching needs only each order's group and
 * place: a group whose orders' ids and places are those its batches were computed from, and
 * none of whose orders changed, is left as it is; the others are batched again. A batch's
 * view (cards, route links, pick list) is built again only when its orders or route changed
 * or one of its orders is stale, and written only when it comes out different from the
 * stored one. A repeated run writes nothing and announces nothing; a group with a changed
 * batch, or with a batch holding a changed order, is announced with all its batches.
 */
export async function recomputeGroups(
  tx: Executor,
  depot: Point,
  scope: GroupScope,
  stale: StaleOrders,
): Promise<{ groups: number; updates: GroupUpdate[] }> {
  if (scope !== "all" && !scope.length) return { groups: 0, updates: [] };
  const started = performance.now();
  const [orders, counts, inputs] = await Promise.all([
    placedOrdersOf(tx, scope, PREPARATION_STATUSES),
    storedCountsOf(tx, scope),
    storedInputsOf(tx, scope),
  ]);
  const ordersByGroup = byGroup(orders);
  const countOf = new Map(counts.map((c) => [groupKey(c), c.orders]));
  const inputOf = new Map(inputs.map((i) => [groupKey(i), i.inputDigest]));
  // Each group's first order stands for it: every order would cost a key each again.
  const groups =
    scope === "all"
      ? groupsOf([...[...ordersByGroup.values()].map((group) => group[0]!), ...counts, ...inputs])
      : scope;
  const toBatch = groups.filter((group) => {
    const key = groupKey(group);
    return !alreadyBatched(ordersByGroup.get(key) ?? [], countOf.get(key) ?? 0, inputOf.get(key), stale);
  });
  const stored = await storedBatchesOf(tx, toBatch);
  const storedByGroup = byGroup(stored);
  const plans = toBatch.map((group) =>
    planGroup(group, ordersByGroup.get(groupKey(group)) ?? [], storedByGroup.get(groupKey(group)) ?? [], depot, stale),
  );

  const digestAt = new Map(stored.map((b) => [`${groupKey(b)}|${b.position}`, b.digest]));
  const built = await buildBatches(
    tx,
    depot,
    plans.flatMap((p) => p.toBuild),
  );
  const written = built.filter((b) => digestAt.get(placeKey(b.stored)) !== b.stored.viewDigest);
  const dropped = plans.flatMap((p) => p.dropped);
  await replaceBatchesAt(
    tx,
    [...written.map((b) => b.stored), ...dropped],
    written.map((b) => b.stored),
  );
  await rememberInputs(
    tx,
    toBatch,
    toBatch.flatMap((group): GroupInput[] => {
      const open = ordersByGroup.get(groupKey(group)) ?? [];
      return open.length ? [{ ...group, inputDigest: inputDigest(open) }] : [];
    }),
  );

  // A batch holding a changed order is announced even when its view comes out as stored: open
  // boards took that order's card out when it left the group, and it may have come back since.
  const touched = stale === "all" ? [] : built.filter((b) => b.stored.orderIds.some((id) => stale.has(id)));
  const changedKeys = new Set([...[...written, ...touched].map((b) => b.stored), ...dropped].map(groupOfPlace));
  const changed = plans.filter((p) => changedKeys.has(groupKey(p.group)));
  // A board holding a group as it was holds each of its stored views: a batch built again
  // whose view is one of them (the same orders at another position) is not sent again.
  const heldDigests = new Map<string, Set<string>>();
  for (const b of stored) {
    const key = groupKey(b);
    heldDigests.set(key, (heldDigests.get(key) ?? new Set()).add(b.digest));
  }
  const touchedPlaces = new Set(touched.map((b) => placeKey(b.stored)));
  const sent = built.filter(
    (b) => touchedPlaces.has(placeKey(b.stored)) || !heldDigests.get(groupOfPlace(b.stored))?.has(b.stored.viewDigest),
  );
  const costMs = Math.round(performance.now() - started);
  const updates = changed.map((plan): GroupUpdate => {
    const key = groupKey(plan.group);
    return {
      delivery_date: plan.group.deliveryDate,
      zone_id: plan.group.zoneId,
      time_slot_id: plan.group.timeSlotId,
      batches: plan.batches,
      orders: plan.orders,
      cost_ms: costMs,
      origin: depot,
      // A board holds every other order's card as it is: no event changed it since the last sweep.
      ...groupDelta(
        (storedByGroup.get(key) ?? []).map((b) => b.orderIds[0]!),
        plan.fresh.map((p) => p.batch.orders[0]!.id),
        sent.filter((b) => groupOfPlace(b.stored) === key).map((b) => b.view),
        (card) => stale === "all" || stale.has(card.PK_Orders),
      ),
    };
  });
  return { groups: toBatch.length, updates };
}
