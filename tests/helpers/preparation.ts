import { asc } from "drizzle-orm";
import { batchOrders, groupKey } from "../../domain/batching";
import { PREPARATION_STATUSES } from "../../domain/order-status";
import type { Point } from "../../domain/routing";
import { preparationBatches } from "../../drizzle/schema";
import type { Database } from "../../server/db/types";
import { boardRows } from "../../server/features/orders/board-repository";
import { toBatchable } from "../../server/features/preparation/batches";

/** The batching of the open orders as they are now, per group: what the stored batches must be. */
async function expectedBatches(db: Database, depot: Point) {
  const open = (await boardRows(db, { statusIds: PREPARATION_STATUSES })).map(toBatchable);
  return batchOrders(open, depot)
    .map((b) => `${groupKey(b)}:${b.orders.map((o) => o.id).join(",")}`)
    .sort();
}

async function storedBatches(db: Database) {
  const rows = await db.select().from(preparationBatches).orderBy(asc(preparationBatches.position));
  return rows
    .map(
      (b) =>
        `${groupKey({ zoneId: b.shipmentId, deliveryDate: b.deliveryDate, timeSlotId: b.timesShippingId })}:${b.orderIds.join(",")}`,
    )
    .sort();
}

/** Whether the stored batches of every group equal the batching of its open orders. */
export async function batchesAreTrue(db: Database, depot: Point) {
  const [expected, stored] = await Promise.all([expectedBatches(db, depot), storedBatches(db)]);
  return JSON.stringify(expected) === JSON.stringify(stored);
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
