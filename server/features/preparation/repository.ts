import { and, asc, eq, sql } from "drizzle-orm";
import { equalsOrNull } from "../../db/conditions";
import { preparationBatches, preparationRuns } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";
import type { OrderGroup } from "../orders/service";

export type NewBatch = Omit<typeof preparationBatches.$inferInsert, "id" | "computedAt">;

const inGroup = (group: OrderGroup) =>
  and(eq(preparationBatches.deliveryDate, group.deliveryDate), equalsOrNull(preparationBatches.shipmentId, group.zoneId), equalsOrNull(preparationBatches.timesShippingId, group.timeSlotId));

export const storedBatches = (db: Executor, deliveryDate?: string) =>
  db
    .select()
    .from(preparationBatches)
    .where(deliveryDate ? eq(preparationBatches.deliveryDate, deliveryDate) : undefined)
    .orderBy(asc(preparationBatches.deliveryDate), asc(preparationBatches.shipmentId), asc(preparationBatches.timesShippingId), asc(preparationBatches.position));

export const groupBatches = (db: Executor, group: OrderGroup) =>
  db.select({ orderIds: preparationBatches.orderIds }).from(preparationBatches).where(inGroup(group)).orderBy(asc(preparationBatches.position));

/** One group is re-batched at a time: two jobs for the same group serialise here. */
export async function lockGroup(tx: Executor, group: OrderGroup) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`preparation|${group.zoneId}|${group.deliveryDate}|${group.timeSlotId}`}))`);
}

export async function replaceGroupBatches(tx: Executor, group: OrderGroup, batches: NewBatch[]) {
  await tx.delete(preparationBatches).where(inGroup(group));
  if (batches.length) await tx.insert(preparationBatches).values(batches);
}

export async function seenEventOf(tx: Executor, groupKey: string): Promise<number> {
  const [row] = await tx.select({ seen: preparationRuns.seenEventId }).from(preparationRuns).where(eq(preparationRuns.groupKey, groupKey));
  return row?.seen ?? 0;
}

export async function recordRun(tx: Executor, groupKey: string, seenEventId: number) {
  await tx
    .insert(preparationRuns)
    .values({ groupKey, seenEventId })
    .onConflictDoUpdate({ target: preparationRuns.groupKey, set: { seenEventId, ranAt: new Date() } });
}
