import { nearestNeighbour, pathMeters, type Point } from "./routing";

/** SPEC.md §4: up to 4 orders in a batch; larger groups in batches of 3 to 4. */
export const MAX_BATCH = 4;
export const MIN_BATCH = 3;

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
 * they go as 3 + 2 (the cap of 4 is kept; README "Decisions").
 */
export function batchSizes(n: number): number[] {
  if (n <= MAX_BATCH) return n ? [n] : [];
  if (n === 5) return [3, 2];
  const count = Math.ceil(n / MAX_BATCH);
  const base = Math.floor(n / count);
  return Array.from({ length: count }, (_, i) => base + (i < n % count ? 1 : 0));
}

/** The (zone, date, time slot) group an order is batched in. */
export const groupKey = (o: Pick<BatchableOrder, "zoneId" | "deliveryDate" | "timeSlotId">) =>
  `${o.zoneId}|${o.deliveryDate}|${o.timeSlotId}`;
/** Whether an order can be placed on a route: orders without coordinates go last and are flagged. */
export const hasCoordinates = (o: BatchableOrder): o is BatchableOrder & Point =>
  o.latitude !== null && o.longitude !== null;

/** Groups by zone, date and time slot; orders each group from the depot by nearest neighbour; cuts it into batches. */
export function batchOrders<T extends BatchableOrder>(orders: T[], depot: Point): Batch<T>[] {
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
    for (const size of batchSizes(ordered.length)) {
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
