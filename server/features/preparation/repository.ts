import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { preparationBatches } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";
import type { OrderGroup } from "../orders/service";

export type StoredBatch = typeof preparationBatches.$inferSelect;
export type NewBatch = Omit<typeof preparationBatches.$inferInsert, "id" | "computedAt">;

const sameOrNull = (column: AnyPgColumn, value: number | null) => (value === null ? isNull(column) : eq(column, value));
const inGroup = (group: OrderGroup) =>
  and(eq(preparationBatches.deliveryDate, group.deliveryDate), sameOrNull(preparationBatches.shipmentId, group.zoneId), sameOrNull(preparationBatches.timesShippingId, group.timeSlotId));

export const storedBatches = (db: Executor, deliveryDate?: string) =>
  db
    .select()
    .from(preparationBatches)
    .where(deliveryDate ? eq(preparationBatches.deliveryDate, deliveryDate) : undefined)
    .orderBy(asc(preparationBatches.deliveryDate), asc(preparationBatches.shipmentId), asc(preparationBatches.timesShippingId), asc(preparationBatches.position));

/** One group is re-batched at a time: two jobs for the same group serialise here. */
export async function lockGroup(tx: Executor, group: OrderGroup) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`preparation|${group.zoneId}|${group.deliveryDate}|${group.timeSlotId}`}))`);
}

export async function replaceGroupBatches(tx: Executor, group: OrderGroup, batches: NewBatch[]) {
  await tx.delete(preparationBatches).where(inGroup(group));
  if (batches.length) await tx.insert(preparationBatches).values(batches);
}
