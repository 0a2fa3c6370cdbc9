import { nearestNeighbour, pathMeters, type Point } from "./routing";

/** SPEC.md §4: up to 4 orders in a batch; larger groups in batches of 3 to 4. */
const MAX_BATCH = 4;
const MIN_BATCH = 3;

export interface BatchableOrder {
  id: number;
  zoneId: number | null;
  deliveryDate: string;
  timeSlotId: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface Batch<T extends BatchableOrder> {
  zoneId: number | null;
  deliveryDate: string;
  timeSlotId: number | null;
  orders: T[];
  /** Orders without coordinates: placed last, not dropped, and flagged on the card. */
  withoutCoordinates: number[];
  routeMeters: number;
}

/**
 * Sizes for a group of n: up to 4 together; beyond that ceil(n/4) batches as even as
 * possible, which are all 3 or 4 from 6 orders on. Five orders cannot hold both rules:
 * they go as 3 + 2 (the cap of 4 is kept; docs/decisions/preparation/0085-preparation-batch-sizes.md).
 */
export function batchSizes(n: number): number[] {
  if (n <= MAX_BATCH) return n ? [n] : [];
  if (n === 5) return [3, 2];
  const count = Math.ceil(n / MAX_BATCH);
  const base = Math.floor(n / count);
  return Array.from({ length: count }, (_, i) => base + (i < n % count ? 1 : 0));
}

/** The key `keepingSizes` knows a previous batch by: its order ids in route order. */
export const batchMembers = (ids: readonly number[]) => ids.join(",");

/**
 * Sizes for a group of n in route order, keeping as many of the group's previous batches as
 * the route allows: a new or departed order changes the batches around it, not every batch
 * after it along the route. It may take up to a tenth more batches than the fewest (at least
 * one more) to keep more; among the cuts that keep the most, the fewest batches, then the
 * larger batches first: with nothing to keep this is batchSizes(n).
 */
export function keepingSizes(ids: readonly number[], previous: ReadonlySet<string>): number[] {
  const n = ids.length;
  if (n <= 5 || !previous.size) return batchSizes(n);
  const fewest = Math.ceil(n / MAX_BATCH);
  const most = Math.min(Math.floor(n / MIN_BATCH), fewest + Math.max(1, Math.floor(fewest / 10)));
  const sizes = [MAX_BATCH, MIN_BATCH];
  const kept = sizes.map((size) =>
    Array.from({ length: n }, (_, at) => (previous.has(batchMembers(ids.slice(at, at + size))) ? 1 : 0)),
  );
  // best[k][i]: the most previous batches kept cutting the orders from i on into exactly k
  // batches of 3 to 4; -1 where that cannot be done.
  const best = Array.from({ length: most + 1 }, () => new Int32Array(n + 1).fill(-1));
  best[0]![n] = 0;
  const step = (k: number, i: number, s: number) => {
    const rest = i + sizes[s]! <= n ? best[k - 1]![i + sizes[s]!]! : -1;
    return rest < 0 ? -1 : rest + kept[s]![i]!;
  };
  for (let k = 1; k <= most; k++)
    for (let i = n - MIN_BATCH; i >= 0; i--) best[k]![i] = Math.max(step(k, i, 0), step(k, i, 1));
  let count = fewest;
  for (let k = fewest + 1; k <= most; k++) if (best[k]![0]! > best[count]![0]!) count = k;
  const cut: number[] = [];
  for (let i = 0, k = count; k > 0; k--) {
    const s = step(k, i, 0) === best[k]![i] ? 0 : 1;
    cut.push(sizes[s]!);
    i += sizes[s]!;
  }
  return cut;
}

/** The (zone, date, time slot) group an order is batched in. */
export const groupKey = (o: Pick<BatchableOrder, "zoneId" | "deliveryDate" | "timeSlotId">) =>
  `${o.zoneId}|${o.deliveryDate}|${o.timeSlotId}`;
/** Whether an order can be placed on a route: orders without coordinates go last and are flagged. */
const hasCoordinates = (o: BatchableOrder): o is BatchableOrder & Point => o.latitude !== null && o.longitude !== null;

/**
 * Groups by zone, date and time slot; orders each group from the depot by nearest neighbour;
 * cuts it into batches, keeping those of `previous` (order ids in route order) the route allows.
 */
export function batchOrders<T extends BatchableOrder>(
  orders: T[],
  depot: Point,
  previous: ReadonlySet<string> = new Set(),
): Batch<T>[] {
  const groups = new Map<string, T[]>();
  for (const order of orders) {
    const group = groups.get(groupKey(order));
    if (group) group.push(order);
    else groups.set(groupKey(order), [order]);
  }
  const batches: Batch<T>[] = [];
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key)!;
    const withPoints = group
      .filter(hasCoordinates)
      .map((order) => ({ order, lat: order.latitude!, lng: order.longitude! }));
    const ordered = [
      ...nearestNeighbour(depot, withPoints).map((p) => p.order),
      ...group.filter((o) => !hasCoordinates(o)),
    ];
    let offset = 0;
    for (const size of keepingSizes(
      ordered.map((o) => o.id),
      previous,
    )) {
      const slice = ordered.slice(offset, offset + size);
      offset += size;
      const stops = slice.filter(hasCoordinates).map((o) => ({ lat: o.latitude!, lng: o.longitude! }));
      batches.push({
        zoneId: slice[0]!.zoneId,
        deliveryDate: slice[0]!.deliveryDate,
        timeSlotId: slice[0]!.timeSlotId,
        orders: slice,
        withoutCoordinates: slice.filter((o) => !hasCoordinates(o)).map((o) => o.id),
        routeMeters: Math.round(pathMeters(depot, stops)),
      });
    }
  }
  return batches;
}
