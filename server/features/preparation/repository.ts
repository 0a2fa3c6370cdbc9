import { and, asc, eq, sql } from "drizzle-orm";
import { preparationBatches, preparationCursor } from "../../../drizzle/schema";
import { equalsOrNull } from "../../db/conditions";
import { rowsOf } from "../../db/rows";
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
  db
    .select({ orderIds: preparationBatches.orderIds, totalWeight: preparationBatches.totalWeight })
    .from(preparationBatches)
    .where(inGroup(group))
    .orderBy(asc(preparationBatches.position));

export async function replaceGroupBatches(tx: Executor, group: OrderGroup, batches: NewBatch[]) {
  await tx.delete(preparationBatches).where(inGroup(group));
  if (batches.length) await tx.insert(preparationBatches).values(batches);
}

/**
 * The cursor, locked for this transaction: `wait` queues behind a running sweep, otherwise
 * null when another sweeper holds it.
 */
export async function lockCursor(tx: Executor, wait: boolean): Promise<number | null> {
  const [row] = rowsOf<{ last_event_id: string | number }>(
    await tx.execute(sql`select last_event_id from ${preparationCursor} where id = 1 for update ${wait ? sql`` : sql`skip locked`}`),
  );
  return row ? Number(row.last_event_id) : null;
}

export async function moveCursor(tx: Executor, lastEventId: number) {
  await tx.update(preparationCursor).set({ lastEventId }).where(eq(preparationCursor.id, 1));
}

/**
 * The groups that order events in (after, upTo] touched: each changed order's group now,
 * and the group of any stored batch that holds it (a modification may have moved it).
 */
export async function changedGroups(tx: Executor, after: number, upTo: number): Promise<OrderGroup[]> {
  const rows = rowsOf<{ zone_id: number | null; delivery_date: string; time_slot_id: number | null }>(
    await tx.execute(sql`
      with changed as (
        select distinct order_id from order_events
        where id > ${after} and id <= ${upTo} and order_id is not null
      )
      select o.shipment_id as zone_id, o.delivery_date::text as delivery_date, o.times_shipping_id as time_slot_id
      from orders o join changed c on c.order_id = o.id
      union
      select b.shipment_id, b.delivery_date::text, b.times_shipping_id
      from preparation_batches b
      cross join lateral jsonb_array_elements_text(b.order_ids) as held(order_id)
      join changed c on c.order_id = held.order_id::int`),
  );
  return rows.map((r) => ({ zoneId: r.zone_id, deliveryDate: r.delivery_date, timeSlotId: r.time_slot_id }));
}
