import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { gramsToDecimal, toGrams } from "@domain/money";
import {
  clients,
  lotReceipts,
  lots,
  orderDetailLots,
  orderDetails,
  orders,
  orderStatuses,
  products,
} from "../../../drizzle/schema";
import { rowsOf } from "../../db/rows";
import type { Executor } from "../../db/types";

/** A lot's row as every answer reads it: decimals and the date as text, so no gram goes through a float. */
export interface LotRow {
  id: number;
  product_id: number;
  code: string;
  expiry: string;
  received: string;
  remaining: string;
}

const LOT_COLUMNS = sql`l.id, l.product_id, l.code, l.expiry::text as expiry, l.received::text as received, l.remaining::text as remaining`;

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;

const lotRows = async (db: Executor, query: ReturnType<typeof sql>) =>
  rowsOf<LotRow>(await db.execute(query)).map((row) => ({
    ...row,
    id: Number(row.id),
    product_id: Number(row.product_id),
  }));

/** A product that is on sale (not deleted), its name. */
export async function productOnSale(db: Executor, productId: number) {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from ${products} where id = ${productId} and deleted_at is null`),
  );
  return row ?? null;
}

/** A product's lots first expiry first (then the older lot), with what each has left. */
export const productLots = (db: Executor, productId: number) =>
  lotRows(db, sql`select ${LOT_COLUMNS} from ${lots} l where l.product_id = ${productId} order by l.expiry, l.id`);

/**
 * Every lot of these products (and the lots a preparer named, whatever their product), locked
 * until the transaction ends, in id order, so two preparations of orders sharing products never
 * deadlock: the lots an allocation reads and writes.
 */
export const lockLotsOf = (db: Executor, productIds: number[], lotIds: number[]) =>
  productIds.length || lotIds.length
    ? lotRows(
        db,
        sql`select ${LOT_COLUMNS} from ${lots} l
            where l.product_id = any(${intArray(productIds)}::int[]) or l.id = any(${intArray(lotIds)}::int[])
            order by l.id for update`,
      )
    : Promise.resolve([]);

/** The same lots read without a lock: what the checklist's suggestion is computed from. */
export const lotsOf = (db: Executor, productIds: number[]) =>
  productIds.length
    ? lotRows(
        db,
        sql`select ${LOT_COLUMNS} from ${lots} l where l.product_id = any(${intArray(productIds)}::int[]) order by l.id`,
      )
    : Promise.resolve([]);

export interface Received {
  lot: LotRow | null;
  /** The expiry the code already has, when it differs from the one received. */
  otherExpiry: string | null;
  quantity: string | null;
  name: string | null;
}

/**
 * Receives kilograms under a lot code: a new lot, or more of the product's lot with that code
 * (compared without case) when its expiry is the same; a code kept with another expiry changes
 * nothing and says which. The product's stock grows in the same statement, after the lot's row
 * (lots before products, the order a preparation locks them in).
 */
export async function receive(
  db: Executor,
  input: { productId: number; code: string; expiry: string; grams: number; userId: number; key: string | null },
): Promise<Received> {
  const kilos = gramsToDecimal(input.grams);
  const [row] = rowsOf<{
    lot: LotRow | null;
    other_expiry: string | null;
    quantity: string | null;
    name: string | null;
  }>(
    await db.execute(sql`
      with upserted as (
        insert into ${lots} as l (product_id, code, expiry, received, remaining, received_by)
        values (${input.productId}, ${input.code}, ${input.expiry}::date, ${kilos}::numeric, ${kilos}::numeric, ${input.userId})
        on conflict (product_id, lower(code)) do update
          set received = l.received + excluded.received, remaining = l.remaining + excluded.remaining, updated_at = now()
          where l.expiry = excluded.expiry
        returning ${LOT_COLUMNS}
      ),
      receipt as (
        insert into ${lotReceipts} (lot_id, quantity, received_by, idempotency_key)
        select id, ${kilos}::numeric, ${input.userId}, ${input.key} from upserted
      ),
      stock as (
        update ${products} set quantity = quantity + ${kilos}::numeric, updated_at = now()
        where id = ${input.productId} and exists (select 1 from upserted)
        returning quantity::text as quantity, name
      )
      select (select row_to_json(u) from upserted u) as lot,
             (select l.expiry::text from ${lots} l where l.product_id = ${input.productId} and lower(l.code) = lower(${input.code})
                and not exists (select 1 from upserted)) as other_expiry,
             (select quantity from stock) as quantity,
             (select name from stock) as name`),
  );
  return {
    lot: row!.lot ? { ...row!.lot, id: Number(row!.lot.id), product_id: Number(row!.lot.product_id) } : null,
    otherExpiry: row!.other_expiry,
    quantity: row!.quantity,
    name: row!.name,
  };
}

/** The receipt this user made under this Idempotency-Key, with its lot as it is now. */
export async function receiptByKey(db: Executor, userId: number, key: string) {
  const [row] = rowsOf<{ lot: LotRow; quantity: string }>(
    await db.execute(sql`
      select row_to_json(l) as lot, r.quantity::text as quantity
      from ${lotReceipts} r
      cross join lateral (select ${LOT_COLUMNS} from ${lots} l where l.id = r.lot_id) l
      where r.received_by = ${userId} and r.idempotency_key = ${key}`),
  );
  return row
    ? { lot: { ...row.lot, id: Number(row.lot.id), product_id: Number(row.lot.product_id) }, quantity: row.quantity }
    : null;
}

/** The expiry a product's lot code is kept with (compared without case), or null. */
export async function expiryOfCode(db: Executor, productId: number, code: string) {
  const [row] = rowsOf<{ expiry: string }>(
    await db.execute(
      sql`select expiry::text as expiry from ${lots} where product_id = ${productId} and lower(code) = lower(${code})`,
    ),
  );
  return row?.expiry ?? null;
}

export interface TakeRow {
  orderDetailId: number;
  lotId: number;
  grams: number;
}

/** What an order's lines took from lots, as grams. */
export async function takesOfOrder(db: Executor, orderId: number): Promise<TakeRow[]> {
  const rows = rowsOf<{ order_detail_id: number; lot_id: number; quantity: string }>(
    await db.execute(
      sql`select order_detail_id, lot_id, quantity::text as quantity from ${orderDetailLots} where order_id = ${orderId} order by id`,
    ),
  );
  return rows.map((r) => ({
    orderDetailId: Number(r.order_detail_id),
    lotId: Number(r.lot_id),
    grams: toGrams(r.quantity),
  }));
}

/**
 * Replaces what an order's lines took from lots: each lot's `remaining` moves by the difference
 * (`changes`, grams: positive takes, negative gives back), the rows are written again and each
 * line's kilograms without a lot are set. The lots must be locked by the caller; the check
 * constraint refuses a lot below zero as a last guard.
 */
export async function writeTakes(
  db: Executor,
  orderId: number,
  takes: TakeRow[],
  changes: Map<number, number>,
  withoutLot: { id: number; grams: number | null }[],
  /** The rows are the ones the order already holds. */
  same: boolean,
) {
  const moved = [...changes].map(([id, grams]) => ({ id, delta: gramsToDecimal(grams) }));
  if (moved.length)
    await db.execute(sql`
      update ${lots} l set remaining = l.remaining - v.delta, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as v(id integer, delta numeric)
      where l.id = v.id`);
  // The rows are written again only when they changed: an order of products without lots writes nothing.
  if (!same) await db.execute(sql`delete from ${orderDetailLots} where order_id = ${orderId}`);
  if (!same && takes.length)
    await db.execute(sql`
      insert into ${orderDetailLots} (order_detail_id, order_id, lot_id, quantity)
      select v.line, ${orderId}, v.lot, v.quantity
      from jsonb_to_recordset(${JSON.stringify(
        takes.map((t) => ({ line: t.orderDetailId, lot: t.lotId, quantity: gramsToDecimal(t.grams) })),
      )}::jsonb) as v(line integer, lot integer, quantity numeric)`);
  if (withoutLot.length)
    await db.execute(sql`
      update ${orderDetails} d set without_lot = v.grams
      from jsonb_to_recordset(${JSON.stringify(
        withoutLot.map((w) => ({ id: w.id, grams: w.grams === null ? null : gramsToDecimal(w.grams) })),
      )}::jsonb) as v(id integer, grams numeric)
      where d.id = v.id and d.order_id = ${orderId} and d.without_lot is distinct from v.grams`);
}

/**
 * Gives back everything an order's lines took from lots: the rows go, each lot's remaining grows
 * by them, the lines' 'without a lot' clear.
 */
export async function releaseOrder(db: Executor, orderId: number) {
  // The lots first, in id order as a preparation locks them, so a return never deadlocks with one.
  await db.execute(sql`
    select l.id from ${lots} l
    where l.id in (select lot_id from ${orderDetailLots} where order_id = ${orderId}) order by l.id for update`);
  await db.execute(sql`
    with gone as (delete from ${orderDetailLots} where order_id = ${orderId} returning lot_id, quantity),
    back as (select lot_id, sum(quantity) as quantity from gone group by lot_id),
    restored as (
      update ${lots} l set remaining = l.remaining + b.quantity, updated_at = now() from back b where l.id = b.lot_id
    )
    update ${orderDetails} set without_lot = null where order_id = ${orderId} and without_lot is not null`);
}

/** Each line of an order with the lots it took (code, expiry, kilograms), lines in id order, lots first expiry first. */
export async function lotsOfOrderLines(db: Executor, orderId: number) {
  const rows = rowsOf<{ order_detail_id: number; lot_id: number; code: string; expiry: string; quantity: string }>(
    await db.execute(sql`
      select t.order_detail_id, t.lot_id, l.code, l.expiry::text as expiry, t.quantity::text as quantity
      from ${orderDetailLots} t join ${lots} l on l.id = t.lot_id
      where t.order_id = ${orderId}
      order by t.order_detail_id, l.expiry, l.id`),
  );
  return rows.map((r) => ({ ...r, order_detail_id: Number(r.order_detail_id), lot_id: Number(r.lot_id) }));
}

/** Lots with kilograms left whose expiry is from `first` to `last`, soonest first, with their product's name. */
export async function expiring(db: Executor, first: string, last: string) {
  const rows = rowsOf<LotRow & { product_name: string }>(
    await db.execute(sql`
      select ${LOT_COLUMNS}, p.name as product_name
      from ${lots} l join ${products} p on p.id = l.product_id
      where l.remaining > 0 and l.expiry between ${first}::date and ${last}::date and p.deleted_at is null
      order by l.expiry, p.name, l.id`),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), product_id: Number(r.product_id) }));
}

/** One lot with its product's name. */
export async function lotWithProduct(db: Executor, lotId: number) {
  const [row] = rowsOf<LotRow & { product_name: string }>(
    await db.execute(sql`
      select ${LOT_COLUMNS}, p.name as product_name
      from ${lots} l join ${products} p on p.id = l.product_id where l.id = ${lotId}`),
  );
  return row ? { ...row, id: Number(row.id), product_id: Number(row.product_id) } : null;
}

export interface TraceRow {
  order_id: number;
  client_id: number;
  client_name: string;
  client_phone: string | null;
  delivery_date: string;
  quantity: string;
  status: string;
  status_id: number;
}

/**
 * The trace's rows, shared by the JSON answer (the lot id a parameter, so the statement is
 * prepared once) and the file (COPY takes no parameters: the id, an integer, is written in).
 */
const traceSelect = (lot: SQL) => sql`
  with took as (select order_id, sum(quantity) as quantity from ${orderDetailLots} where lot_id = ${lot} group by order_id)
  select o.id as order_id, c.id as client_id, c.name as client_name, nullif(c.phone, '') as client_phone,
         o.delivery_date::text as delivery_date, t.quantity::text as quantity, s.name as status, s.id as status_id
  from took t
  cross join lateral (select id, client_id, status_id, delivery_date from ${orders} where id = t.order_id limit 1) o
  cross join lateral (select id, name, phone from ${clients} where id = o.client_id limit 1) c
  join ${orderStatuses} s on s.id = o.status_id
  order by o.delivery_date desc, o.id desc`;

/** The trace as a file's columns (in Spanish: people read them), for COPY: order, client, name, phone, delivery, kilos, status. */
export const traceFileQuery = (lotId: number) => ({
  headers: ["Pedido", "Cliente", "Nombre", "Teléfono", "Entrega", "Kilos", "Estado"],
  kinds: ["int", "int", "text", "text", "date", "weight", "text"] as const,
  // Every value as text, as the exports' writers read COPY's (delivery_date is already YYYY-MM-DD).
  text: new PgDialect().sqlToQuery(
    sql`select order_id::text, client_id::text, client_name, client_phone, delivery_date, quantity, status from (${traceSelect(sql.raw(String(Math.trunc(lotId))))}) trace`,
  ).sql,
});

/**
 * Every order that took the lot, its kilograms of it summed over its lines, latest delivery
 * first: read from the index order_detail_lots (lot_id, order_id, quantity) alone, in order id
 * order, never the table or the order lines. Each order and client is then read by its key (a
 * lateral lookup the planner keeps, in one statement): joined plainly, the planner hashes the
 * whole orders table for a lot taken by a few thousand orders, and `id = any(…)` misjudges the
 * rows; both were slower (docs/decisions/lots/0169-lots-and-expiry.md).
 */
export async function trace(db: Executor, lotId: number): Promise<TraceRow[]> {
  const rows = rowsOf<TraceRow>(await db.execute(traceSelect(sql`${lotId}`)));
  return rows.map((r) => ({
    ...r,
    order_id: Number(r.order_id),
    client_id: Number(r.client_id),
    status_id: Number(r.status_id),
  }));
}

/** What each of these orders took of each lot over its lines, with the product's name, by order then product and expiry. */
export async function lotsOfOrders(db: Executor, orderIds: number[]) {
  if (!orderIds.length) return [];
  const rows = rowsOf<{ order_id: number; product_name: string; code: string; expiry: string; quantity: string }>(
    await db.execute(sql`
      select t.order_id, p.name as product_name, l.code, l.expiry::text as expiry, sum(t.quantity)::text as quantity
      from ${orderDetailLots} t join ${lots} l on l.id = t.lot_id join ${products} p on p.id = l.product_id
      where t.order_id = any(${intArray(orderIds)}::int[])
      group by t.order_id, p.name, l.id, l.code, l.expiry
      order by t.order_id, p.name, l.expiry, l.id`),
  );
  return rows.map((r) => ({ ...r, order_id: Number(r.order_id) }));
}
