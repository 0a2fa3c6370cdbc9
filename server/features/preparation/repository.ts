import { eq, Param, sql } from "drizzle-orm";
import { preparationBatches, preparationCursor } from "../../../drizzle/schema";
import { rowsOf } from "../../db/rows";
import type { Executor } from "../../db/types";
import type { BoardRow } from "../orders/board-repository";
import type { OrderGroup } from "../orders/service";

export type NewBatch = Omit<typeof preparationBatches.$inferInsert, "id" | "computedAt" | "view"> & { view: string };

/**
 * The groups as a relation `g`, to join against in one statement. A missing zone or slot is
 * -1 (ids start at 1), so the join can hash on all three keys.
 */
const groupRelation = (groups: OrderGroup[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(groups.map((g) => ({ zone_id: g.zoneId ?? -1, delivery_date: g.deliveryDate, time_slot_id: g.timeSlotId ?? -1 })))}::jsonb) as g(zone_id int, delivery_date date, time_slot_id int)`;
const inGroup = (alias: "o" | "b", zone: string, slot: string) =>
  sql.raw(`${alias}.delivery_date = g.delivery_date and coalesce(${alias}.${zone}, -1) = g.zone_id and coalesce(${alias}.${slot}, -1) = g.time_slot_id`);

/** The board's columns of an order `o`, named as `BoardRow`; numbers and dates as Postgres writes them. */
const boardColumns = sql.raw(`o.id, c.name as "clientName", o.delivery_date::text as "deliveryDate", o.order_time as "orderTime",
  o.times_shipping_id as "timeSlotId", t.name as "timeSlot", o.shipment_id as "zoneId", s.name as zone, s.price::text as "zonePrice",
  o.address, ci.name as "cityName", o.latitude::text as latitude, o.longitude::text as longitude, o.total_weight::text as "totalWeight",
  o.distinct_products as "distinctProducts", o.has_fv as "hasFv", o.status_id as "statusId", st.name as "statusName"`);
const boardJoins = sql.raw(`join clients c on c.id = o.client_id join order_statuses st on st.id = o.status_id
  left join shipments s on s.id = o.shipment_id left join times_shipping t on t.id = o.times_shipping_id left join cities ci on ci.id = o.city_id`);

/** The open orders of these groups as the board shows them, by id, in one read. */
export async function openOrdersOfGroups(tx: Executor, groups: OrderGroup[], statusIds: number[]) {
  return rowsOf<BoardRow>(
    await tx.execute(sql`
      select ${boardColumns}
      from ${groupRelation(groups)} join orders o on ${inGroup("o", "shipment_id", "times_shipping_id")} ${boardJoins}
      where o.status_id = any(${new Param([...statusIds])}::int[])
      order by o.id`),
  );
}

/** Orders with an order event the sweep has not folded in yet, as the board shows them now. */
export async function ordersChangedSinceSweep(db: Executor) {
  return rowsOf<BoardRow>(
    await db.execute(sql`
      select ${boardColumns} from orders o ${boardJoins}
      where o.id = any(array(
        select e.order_id from order_events e
        where e.id > (select last_event_id from preparation_cursor where id = 1) and e.order_id is not null))`),
  );
}

export interface StoredDigestRow {
  zone_id: number | null;
  delivery_date: string;
  time_slot_id: number | null;
  digest: string;
}

/** The MD5 of each stored view of these groups, in position order: enough to tell a view unchanged without reading it. */
export async function storedDigestsOf(tx: Executor, groups: OrderGroup[]) {
  return rowsOf<StoredDigestRow>(
    await tx.execute(sql`
      select b.shipment_id as zone_id, b.delivery_date::text as delivery_date, b.times_shipping_id as time_slot_id, md5(b.view::text) as digest
      from ${groupRelation(groups)} join preparation_batches b on ${inGroup("b", "shipment_id", "times_shipping_id")}
      order by b.position`),
  );
}

export interface StoredView {
  order_ids: number[];
  view: string;
}

/** The stored views of one delivery date (or every date) in the board's order: date, zone, slot, position. */
export async function storedViews(db: Executor, deliveryDate?: string) {
  return rowsOf<StoredView>(
    await db.execute(sql`
      select order_ids, view::text as view from preparation_batches
      ${deliveryDate ? sql`where delivery_date = ${deliveryDate}` : sql``}
      order by delivery_date, shipment_id, times_shipping_id, position`),
  );
}

/** Replaces the stored batches of these groups with `batches`: one delete, one insert. */
export async function replaceBatchesOf(tx: Executor, groups: OrderGroup[], batches: NewBatch[]) {
  if (!groups.length) return;
  await tx.execute(sql`delete from preparation_batches b using ${groupRelation(groups)} where ${inGroup("b", "shipment_id", "times_shipping_id")}`);
  if (!batches.length) return;
  // One parameter for the rows and one for their views: a multi-row VALUES of thousands of
  // batches costs more to bind than to write, and `json` keeps each view's text as written.
  const rows = batches.map((b, i) => ({ i: i + 1, shipment_id: b.shipmentId, delivery_date: b.deliveryDate, times_shipping_id: b.timesShippingId, position: b.position, order_ids: b.orderIds, total_weight: b.totalWeight, route_distance_m: b.routeDistanceM }));
  await tx.execute(sql`
    insert into preparation_batches (shipment_id, delivery_date, times_shipping_id, position, order_ids, total_weight, route_distance_m, view)
    select r.shipment_id, r.delivery_date, r.times_shipping_id, r.position, r.order_ids, r.total_weight, r.route_distance_m, v.view
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(i int, shipment_id int, delivery_date date, times_shipping_id int, position int, order_ids jsonb, total_weight numeric, route_distance_m int)
    join json_array_elements(${`[${batches.map((b) => b.view).join(",")}]`}::json) with ordinality as v(view, i) on v.i = r.i`);
}

export interface Cursor {
  lastEventId: number;
  namesChanged: boolean;
}

/**
 * The cursor, locked for this transaction: `wait` queues behind a running sweep, otherwise
 * null when another sweeper holds it.
 */
export async function lockCursor(tx: Executor, wait: boolean): Promise<Cursor | null> {
  const [row] = rowsOf<{ last_event_id: string | number; names_changed: boolean }>(
    await tx.execute(sql`select last_event_id, names_changed from ${preparationCursor} where id = 1 for update ${wait ? sql`` : sql`skip locked`}`),
  );
  return row ? { lastEventId: Number(row.last_event_id), namesChanged: row.names_changed } : null;
}

export async function moveCursor(tx: Executor, lastEventId: number) {
  await tx.update(preparationCursor).set({ lastEventId, namesChanged: false }).where(eq(preparationCursor.id, 1));
}

const toGroups = (rows: { zone_id: number | null; delivery_date: string; time_slot_id: number | null }[]): OrderGroup[] =>
  rows.map((r) => ({ zoneId: r.zone_id, deliveryDate: r.delivery_date, timeSlotId: r.time_slot_id }));

/**
 * The groups that order events in (after, upTo] touched: each changed order's group now,
 * and the group of any stored batch that holds it (a modification may have moved it), found
 * through the batches' index of order ids rather than by unpacking every stored batch.
 */
export async function changedGroups(tx: Executor, after: number, upTo: number): Promise<OrderGroup[]> {
  return toGroups(
    rowsOf(
      await tx.execute(sql`
        with changed as (
          select distinct order_id from order_events
          where id > ${after} and id <= ${upTo} and order_id is not null
        )
        select o.shipment_id as zone_id, o.delivery_date::text as delivery_date, o.times_shipping_id as time_slot_id
        from orders o join changed c on c.order_id = o.id
        union
        select b.shipment_id, b.delivery_date::text, b.times_shipping_id
        from changed c join preparation_batches b on b.order_ids @> jsonb_build_array(c.order_id)`),
    ),
  );
}

/** Every group with an order in these statuses or a stored batch: what a rebuild of every view covers. */
export async function everyGroup(tx: Executor, statusIds: number[]): Promise<OrderGroup[]> {
  return toGroups(
    rowsOf(
      await tx.execute(sql`
        select shipment_id as zone_id, delivery_date::text as delivery_date, times_shipping_id as time_slot_id
        from orders where status_id = any(${new Param([...statusIds])}::int[])
        union
        select shipment_id, delivery_date::text, times_shipping_id from preparation_batches`),
    ),
  );
}
