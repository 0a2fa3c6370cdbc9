import { eq, Param, sql, type SQL } from "drizzle-orm";
import { type preparationBatches, preparationCursor, preparationRenames } from "../../../drizzle/schema";
import type { BatchableOrder } from "@domain/batching";
import { rowsOf } from "../../db/rows";
import type { Executor } from "../../db/types";
import type { OrderGroup } from "../order-read-model";

export type NewBatch = Omit<typeof preparationBatches.$inferInsert, "id" | "computedAt" | "view"> & { view: string };
/** Some groups, or every group with an open order or a stored batch. */
export type GroupScope = OrderGroup[] | "all";

const intArray = (ids: readonly number[]) => sql`${new Param([...ids])}::int[]`;

/**
 * The groups as a relation `g`, to join against in one statement. A missing zone or slot is
 * -1 (ids start at 1), so the join can hash on all three keys.
 */
const groupRelation = (groups: OrderGroup[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(groups.map((g) => ({ zone_id: g.zoneId ?? -1, delivery_date: g.deliveryDate, time_slot_id: g.timeSlotId ?? -1 })))}::jsonb) as g(zone_id int, delivery_date date, time_slot_id int)`;
const inGroup = (alias: "o" | "b" | "p", zone: string, slot: string) =>
  sql.raw(
    `${alias}.delivery_date = g.delivery_date and coalesce(${alias}.${zone}, -1) = g.zone_id and coalesce(${alias}.${slot}, -1) = g.time_slot_id`,
  );
/** `from <table> <alias>`, joined to the groups when the scope names them. */
const scoped = (
  scope: GroupScope,
  table: "orders" | "preparation_batches" | "preparation_groups",
  alias: "o" | "b" | "p",
  zone: string,
  slot: string,
) =>
  scope === "all"
    ? sql.raw(`from ${table} ${alias}`)
    : sql`from ${groupRelation(scope)} join ${sql.raw(`${table} ${alias}`)} on ${inGroup(alias, zone, slot)}`;

/** What batching needs of the open orders in scope, and no more: their group and their place, by id. */
export async function placedOrdersOf(tx: Executor, scope: GroupScope, statusIds: number[]) {
  return rowsOf<BatchableOrder>(
    await tx.execute(sql`
      select o.id, o.shipment_id as "zoneId", o.delivery_date::text as "deliveryDate", o.times_shipping_id as "timeSlotId",
        o.latitude::float8 as latitude, o.longitude::float8 as longitude
      ${scoped(scope, "orders", "o", "shipment_id", "times_shipping_id")}
      where o.status_id = any(${intArray(statusIds)})
      order by o.id`),
  );
}

export interface StoredBatchRow extends OrderGroup {
  position: number;
  orderIds: number[];
  routeDistanceM: number;
  /** The stored view's digest: enough to tell a fresh view unchanged without reading it. */
  digest: string;
}

/** The stored batches in scope, in position order, without their views. */
export async function storedBatchesOf(tx: Executor, scope: GroupScope) {
  return rowsOf<StoredBatchRow>(
    await tx.execute(sql`
      select b.shipment_id as "zoneId", b.delivery_date::text as "deliveryDate", b.times_shipping_id as "timeSlotId", b.position,
        b.order_ids as "orderIds", b.route_distance_m as "routeDistanceM", b.view_digest as digest
      ${scoped(scope, "preparation_batches", "b", "shipment_id", "times_shipping_id")}
      order by b.position`),
  );
}

export type StoredCount = OrderGroup & { orders: number };

/** How many orders the stored batches of each group in scope hold. */
export async function storedCountsOf(tx: Executor, scope: GroupScope) {
  return rowsOf<StoredCount>(
    await tx.execute(sql`
      select b.shipment_id as "zoneId", b.delivery_date::text as "deliveryDate", b.times_shipping_id as "timeSlotId", sum(jsonb_array_length(b.order_ids))::int as orders
      ${scoped(scope, "preparation_batches", "b", "shipment_id", "times_shipping_id")}
      group by 1, 2, 3`),
  );
}

export type GroupInput = OrderGroup & { inputDigest: string };

/** What the stored batches of the groups in scope were computed from. */
export async function storedInputsOf(tx: Executor, scope: GroupScope) {
  return rowsOf<GroupInput>(
    await tx.execute(sql`
      select nullif(p.zone_id, -1) as "zoneId", p.delivery_date::text as "deliveryDate", nullif(p.time_slot_id, -1) as "timeSlotId", p.input_digest as "inputDigest"
      ${scoped(scope, "preparation_groups", "p", "zone_id", "time_slot_id")}`),
  );
}

/** Records what these groups' batches were just computed from; a group with no input (no open order) is forgotten. */
export async function rememberInputs(tx: Executor, groups: OrderGroup[], inputs: GroupInput[]) {
  if (!groups.length) return;
  await tx.execute(
    sql`delete from preparation_groups p using ${groupRelation(groups)} where ${inGroup("p", "zone_id", "time_slot_id")}`,
  );
  if (!inputs.length) return;
  const rows = inputs.map((i) => ({
    zone_id: i.zoneId ?? -1,
    delivery_date: i.deliveryDate,
    time_slot_id: i.timeSlotId ?? -1,
    input_digest: i.inputDigest,
  }));
  await tx.execute(sql`
    insert into preparation_groups (zone_id, delivery_date, time_slot_id, input_digest)
    select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(zone_id int, delivery_date date, time_slot_id int, input_digest text)`);
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

export type BatchPlace = Pick<NewBatch, "shipmentId" | "deliveryDate" | "timesShippingId" | "position">;

/** Batch places as a relation `g`, like the groups' with a position. */
const placeRelation = (places: BatchPlace[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(places.map((p) => ({ zone_id: p.shipmentId ?? -1, delivery_date: p.deliveryDate, time_slot_id: p.timesShippingId ?? -1, position: p.position })))}::jsonb) as g(zone_id int, delivery_date date, time_slot_id int, position int)`;
const atPlace = sql`${inGroup("b", "shipment_id", "times_shipping_id")} and b.position = g.position`;

/** Deletes the stored batches at these places, then stores `batches`: one statement each. */
export async function replaceBatchesAt(tx: Executor, places: BatchPlace[], batches: NewBatch[]) {
  if (places.length)
    await tx.execute(sql`delete from preparation_batches b using ${placeRelation(places)} where ${atPlace}`);
  if (!batches.length) return;
  // One parameter for the rows and one for their views: a multi-row VALUES of thousands of
  // batches costs more to bind than to write, and `json` keeps each view's text as written.
  const rows = batches.map((b, i) => ({
    i: i + 1,
    shipment_id: b.shipmentId,
    delivery_date: b.deliveryDate,
    times_shipping_id: b.timesShippingId,
    position: b.position,
    order_ids: b.orderIds,
    total_weight: b.totalWeight,
    route_distance_m: b.routeDistanceM,
    view_digest: b.viewDigest,
  }));
  await tx.execute(sql`
    insert into preparation_batches (shipment_id, delivery_date, times_shipping_id, position, order_ids, total_weight, route_distance_m, view, view_digest)
    select r.shipment_id, r.delivery_date, r.times_shipping_id, r.position, r.order_ids, r.total_weight, r.route_distance_m, v.view, r.view_digest
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(i int, shipment_id int, delivery_date date, times_shipping_id int, position int, order_ids jsonb, total_weight numeric, route_distance_m int, view_digest text)
    join json_array_elements(${`[${batches.map((b) => b.view).join(",")}]`}::json) with ordinality as v(view, i) on v.i = r.i`);
}

export interface Cursor {
  lastEventId: number;
  /** Every stored batch may be out of date (a new view format, a bulk change). */
  everyBatchStale: boolean;
}

/**
 * The cursor, locked for this transaction: `wait` queues behind a running sweep, otherwise
 * null when another sweeper holds it. Holding it also holds off renames (their trigger locks it).
 */
export async function lockCursor(tx: Executor, wait: boolean): Promise<Cursor | null> {
  const [row] = rowsOf<{ last_event_id: string | number; names_changed: boolean }>(
    await tx.execute(
      sql`select last_event_id, names_changed from ${preparationCursor} where id = 1 for update ${wait ? sql`` : sql`skip locked`}`,
    ),
  );
  return row ? { lastEventId: Number(row.last_event_id), everyBatchStale: row.names_changed } : null;
}

/** The cursor past `lastEventId`, every view current and every rename folded in. */
export async function moveCursor(tx: Executor, lastEventId: number) {
  await tx.update(preparationCursor).set({ lastEventId, everyBatchStale: false }).where(eq(preparationCursor.id, 1));
  await tx.delete(preparationRenames);
}

/**
 * Call after a bulk change to orders that appends no order events (demo data, a restore, an
 * import): the next sweep, within a second or so, batches every group and rebuilds every view.
 * Waits for a running sweep, which could otherwise clear the mark as it commits.
 */
export async function markEveryBatchStale(db: Executor) {
  await db.update(preparationCursor).set({ everyBatchStale: true }).where(eq(preparationCursor.id, 1));
}

const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);

/** The orders with an order event after `after` (a value or a subquery) and, if given, up to `upTo`. */
const orderIdsWithEvents = async (db: Executor, after: SQL, upTo?: number) =>
  idsOf(
    rowsOf(
      await db.execute(
        sql`select distinct order_id as id from order_events where id > ${after} ${upTo === undefined ? sql`` : sql`and id <= ${upTo}`} and order_id is not null`,
      ),
    ),
  );

/** The orders with an order event in (after, upTo]. */
export const changedOrderIds = (tx: Executor, after: number, upTo: number) =>
  orderIdsWithEvents(tx, sql`${after}`, upTo);

/** The orders with an order event the sweep has not folded in yet. */
export const unsweptOrderIds = (db: Executor) =>
  orderIdsWithEvents(db, sql`(select last_event_id from preparation_cursor where id = 1)`);

/** Which order column holds the id of each kind of name a card shows. */
const RENAMED_COLUMNS = {
  client: "client_id",
  zone: "shipment_id",
  slot: "times_shipping_id",
  city: "city_id",
  status: "status_id",
} as const;

/**
 * The open orders whose card or pick list shows a name renamed since the last sweep: one
 * small join per kind, each hashing the few renames (an OR of them all plans as a nested
 * loop costly enough to be JIT-compiled on every sweep).
 */
export async function renamedOrderIds(tx: Executor, statusIds: number[]) {
  const byColumn = Object.entries(RENAMED_COLUMNS).map(([kind, column]) =>
    sql.raw(`select o.id from orders o join preparation_renames r on r.kind = '${kind}' and r.id = o.${column}`),
  );
  return idsOf(
    rowsOf(
      await tx.execute(sql`
        select id from (
          ${sql.join(byColumn, sql` union `)}
          union select d.order_id from order_details d join preparation_renames r on r.kind = 'product' and r.id = d.product_id
        ) renamed join orders o using (id)
        where o.status_id = any(${intArray(statusIds)})`),
    ),
  );
}

/**
 * The groups these orders touch: each order's group now, and the group of any stored batch
 * that holds it (a modification may have moved it), found through the batches' index of
 * order ids rather than by unpacking every stored batch.
 */
export async function groupsOfOrders(tx: Executor, orderIds: number[]): Promise<OrderGroup[]> {
  if (!orderIds.length) return [];
  return rowsOf<OrderGroup>(
    await tx.execute(sql`
        with changed as (select unnest(${intArray(orderIds)}) as order_id)
        select o.shipment_id as "zoneId", o.delivery_date::text as "deliveryDate", o.times_shipping_id as "timeSlotId"
        from orders o join changed c on c.order_id = o.id
        union
        select b.shipment_id, b.delivery_date::text, b.times_shipping_id
        from changed c join preparation_batches b on b.order_ids @> jsonb_build_array(c.order_id)`),
  );
}
