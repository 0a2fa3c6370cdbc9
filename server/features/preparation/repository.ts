import { asc, eq, Param, sql } from "drizzle-orm";
import { preparationBatches, preparationCursor } from "../../../drizzle/schema";
import { rowsOf } from "../../db/rows";
import type { Executor } from "../../db/types";
import type { OrderGroup } from "../orders/service";

export type NewBatch = Omit<typeof preparationBatches.$inferInsert, "id" | "computedAt">;

export const storedBatches = (db: Executor, deliveryDate?: string) =>
  db
    .select()
    .from(preparationBatches)
    .where(deliveryDate ? eq(preparationBatches.deliveryDate, deliveryDate) : undefined)
    .orderBy(asc(preparationBatches.deliveryDate), asc(preparationBatches.shipmentId), asc(preparationBatches.timesShippingId), asc(preparationBatches.position));

/** The groups as a relation `g`, to join against in one statement. */
const groupRelation = (groups: OrderGroup[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(groups.map((g) => ({ zone_id: g.zoneId, delivery_date: g.deliveryDate, time_slot_id: g.timeSlotId })))}::jsonb) as g(zone_id int, delivery_date date, time_slot_id int)`;

export interface BatchableOrderRow {
  id: number;
  zone_id: number | null;
  delivery_date: string;
  time_slot_id: number | null;
  latitude: string | null;
  longitude: string | null;
  total_weight: string;
}

/** What batching needs of the open orders of these groups, by id, in one read. */
export async function batchableOrders(tx: Executor, groups: OrderGroup[], statusIds: number[]) {
  return rowsOf<BatchableOrderRow>(
    await tx.execute(sql`
      select o.id, o.shipment_id as zone_id, o.delivery_date::text as delivery_date, o.times_shipping_id as time_slot_id, o.latitude, o.longitude, o.total_weight
      from ${groupRelation(groups)}
      join orders o on o.delivery_date = g.delivery_date
        and o.shipment_id is not distinct from g.zone_id and o.times_shipping_id is not distinct from g.time_slot_id
      where o.status_id = any(${new Param([...statusIds])}::int[])
      order by o.id`),
  );
}

export interface StoredBatchRow {
  zone_id: number | null;
  delivery_date: string;
  time_slot_id: number | null;
  order_ids: number[];
  total_weight: string;
}

/** The stored batches of these groups, in position order, in one read. */
export async function storedBatchesOf(tx: Executor, groups: OrderGroup[]) {
  return rowsOf<StoredBatchRow>(
    await tx.execute(sql`
      select b.shipment_id as zone_id, b.delivery_date::text as delivery_date, b.times_shipping_id as time_slot_id, b.order_ids, b.total_weight
      from ${groupRelation(groups)}
      join preparation_batches b on b.delivery_date = g.delivery_date
        and b.shipment_id is not distinct from g.zone_id and b.times_shipping_id is not distinct from g.time_slot_id
      order by b.position`),
  );
}

/** Replaces the stored batches of these groups with `batches`: one delete, one insert. */
export async function replaceBatchesOf(tx: Executor, groups: OrderGroup[], batches: NewBatch[]) {
  if (!groups.length) return;
  await tx.execute(sql`
    delete from preparation_batches b using ${groupRelation(groups)}
    where b.delivery_date = g.delivery_date and b.shipment_id is not distinct from g.zone_id and b.times_shipping_id is not distinct from g.time_slot_id`);
  if (!batches.length) return;
  // One parameter for every row: a multi-row VALUES of thousands of batches costs more to bind than to write.
  const rows = batches.map((b) => ({ shipment_id: b.shipmentId, delivery_date: b.deliveryDate, times_shipping_id: b.timesShippingId, position: b.position, order_ids: b.orderIds, total_weight: b.totalWeight, route_distance_m: b.routeDistanceM }));
  await tx.execute(sql`
    insert into preparation_batches (shipment_id, delivery_date, times_shipping_id, position, order_ids, total_weight, route_distance_m)
    select shipment_id, delivery_date, times_shipping_id, position, order_ids, total_weight, route_distance_m
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(shipment_id int, delivery_date date, times_shipping_id int, position int, order_ids jsonb, total_weight numeric, route_distance_m int)`);
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
