import { asc } from "drizzle-orm";
import type { PreparationBoard } from "@domain/contracts/preparation";
import { OrderEventData, PreparationUpdatedData } from "@domain/contracts/event-data";
import { applyGroupBatches, applyOrderToPreparation } from "@domain/live-preparation";
import { batchOrders, batchSizes, groupKey } from "@domain/batching";
import { PREPARATION_STATUSES } from "@domain/order-status";
import type { Point } from "@domain/routing";
import { preparationBatches } from "../../drizzle/schema";
import type { Database } from "../../server/db/types";
import { boardRows } from "../../server/features/order-read-model";
import { toBatchable } from "../../server/features/preparation/views";
import type { TestSocket } from "./socket";

/** Each group's route as batching its open orders now gives it: its order ids in route order. */
async function expectedRoutes(db: Database, depot: Point) {
  const open = (await boardRows(db, { statusIds: PREPARATION_STATUSES })).map(toBatchable);
  const routes = new Map<string, number[]>();
  for (const b of batchOrders(open, depot))
    routes.set(groupKey(b), [...(routes.get(groupKey(b)) ?? []), ...b.orders.map((o) => o.id)]);
  return routes;
}

/** Each group's stored batches, in position order, as their order ids. */
async function storedCuts(db: Database) {
  const rows = await db.select().from(preparationBatches).orderBy(asc(preparationBatches.position));
  const cuts = new Map<string, number[][]>();
  for (const b of rows) {
    const key = groupKey({ zoneId: b.shipmentId, deliveryDate: b.deliveryDate, timeSlotId: b.timesShippingId });
    cuts.set(key, [...(cuts.get(key) ?? []), b.orderIds]);
  }
  return cuts;
}

/** Sizes batching may give a group of n: the even cut up to 5; else 3 to 4 each, at most a tenth more batches than the fewest. */
function validSizes(sizes: number[]) {
  const n = sizes.reduce((a, b) => a + b, 0);
  if (n <= 5) return JSON.stringify(sizes) === JSON.stringify(batchSizes(n));
  const fewest = Math.ceil(n / 4);
  return sizes.every((s) => s === 3 || s === 4) && sizes.length <= fewest + Math.max(1, Math.floor(fewest / 10));
}

/**
 * Whether the stored batches of every group are a batching of its open orders as they are
 * now: together, in position order, the group's route, cut in valid sizes. Which cut depends
 * on the batches before (batching keeps them where it can), so it is not compared.
 */
export async function batchesAreTrue(db: Database, depot: Point) {
  const [routes, cuts] = await Promise.all([expectedRoutes(db, depot), storedCuts(db)]);
  if (routes.size !== cuts.size) return false;
  for (const [key, route] of routes) {
    const cut = cuts.get(key);
    if (!cut || cut.flat().join(",") !== route.join(",") || !validSizes(cut.map((b) => b.length))) return false;
  }
  return true;
}

/** Milliseconds until the stored batches are true, or null if they are not within `timeoutMs`. */
export async function msUntilBatchesTrue(db: Database, depot: Point, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await batchesAreTrue(db, depot)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** Every event a socket received after message `since`, as the web's board applies them. */
export function applyEvents(board: PreparationBoard, date: string, on: TestSocket, since: number) {
  for (const event of on.messages.slice(since).flatMap((m) => (m.type === "event" ? [m.event] : []))) {
    if (event.type === "preparation.updated")
      board = applyGroupBatches(board, date, PreparationUpdatedData.parse(event.data));
    else if (event.type.startsWith("order.")) board = applyOrderToPreparation(board, OrderEventData.parse(event.data));
  }
  return board;
}
