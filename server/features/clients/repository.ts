import { and, asc, count, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { normalizeSearch } from "@domain/text";
import { STATUS } from "@domain/order-status";
import { cities, clients, orderDetails, orders, shipments } from "../../../drizzle/schema";
import { rowsOf } from "../../db/rows";
import { containing, idSearched } from "../../db/search";
import type { Executor } from "../../db/types";

export type ClientRow = typeof clients.$inferSelect;
export type ClientValues = Omit<
  typeof clients.$inferInsert,
  "id" | "searchName" | "version" | "createdAt" | "updatedAt"
>;

export const listCities = (db: Executor) => db.select().from(cities).orderBy(asc(cities.id));
export const listShipments = (db: Executor) => db.select().from(shipments).orderBy(asc(shipments.id));

export async function cityExists(db: Executor, id: number) {
  return (await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id))).length > 0;
}

export async function shipmentExists(db: Executor, id: number) {
  return (await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, id))).length > 0;
}

export async function insertClient(db: Executor, values: ClientValues) {
  const [row] = await db
    .insert(clients)
    .values({ ...values, searchName: normalizeSearch(values.name) })
    .returning();
  return row!;
}

export async function findClient(db: Executor, id: number, options: { includeDeleted?: boolean } = {}) {
  const [row] = await db
    .select({ client: clients, cityName: cities.name })
    .from(clients)
    .leftJoin(cities, eq(cities.id, clients.cityId))
    .where(options.includeDeleted ? eq(clients.id, id) : and(eq(clients.id, id), isNull(clients.nullDate)));
  return row ?? null;
}

/** Saves only if nobody saved since `version`; null when the version moved on (or the client is gone). */
export async function updateClient(db: Executor, id: number, values: Partial<ClientValues>, version?: number) {
  const guard = version === undefined ? undefined : eq(clients.version, version);
  const [row] = await db
    .update(clients)
    .set({
      ...values,
      ...(values.name ? { searchName: normalizeSearch(values.name) } : {}),
      version: sql`${clients.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(clients.id, id), isNull(clients.nullDate), guard))
    .returning();
  return row ?? null;
}

export async function softDeleteClient(db: Executor, id: number) {
  const [row] = await db
    .update(clients)
    .set({ nullDate: new Date(), updatedAt: new Date() })
    .where(and(eq(clients.id, id), isNull(clients.nullDate)))
    .returning({ id: clients.id, name: clients.name });
  return row ?? null;
}

interface ClientSearch {
  search: string;
  virtualFreezerOnly: boolean;
}

function clientMatches({ search, virtualFreezerOnly }: ClientSearch) {
  const term = normalizeSearch(search);
  const numericId = idSearched(term);
  const matches = term
    ? or(
        ilike(clients.searchName, containing(term)),
        numericId !== null ? eq(clients.id, numericId) : undefined,
        ilike(clients.phone, containing(search.trim())),
        ilike(clients.address, containing(search.trim())),
      )
    : undefined;
  return and(isNull(clients.nullDate), virtualFreezerOnly ? eq(clients.hasVirtualFreezer, true) : undefined, matches);
}

export function searchClients(db: Executor, filter: ClientSearch & { limit: number; offset?: number }) {
  return db
    .select()
    .from(clients)
    .where(clientMatches(filter))
    .orderBy(asc(clients.searchName), asc(clients.id))
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
}

export async function countClients(db: Executor, filter: ClientSearch) {
  const [row] = await db.select({ n: count() }).from(clients).where(clientMatches(filter));
  return row!.n;
}

interface DirectoryRow {
  id: number;
  name: string;
  phone: string;
  address: string;
  shipment_id: number | null;
  city_id: number | null;
  flags: number;
  latitude: string | null;
  longitude: string | null;
  last_id: number | null;
  last_date: string | Date | null;
}

/**
 * Every active client's list fields with its last order that is not cancelled (as
 * 'Repetir último pedido' reads it): one index probe per client (orders_client_idx).
 */
export async function directoryClients(db: Executor) {
  return rowsOf<DirectoryRow>(
    await db.execute(sql`
      select c.id, c.name, c.phone, c.address, c.shipment_id, c.city_id,
        (case when c.has_virtual_freezer then 1 else 0 end) | (case when c.risk_zone then 2 else 0 end) as flags,
        c.latitude, c.longitude, l.id as last_id, l.create_date as last_date
      from ${clients} c
      left join lateral (
        select o.id, o.create_date from ${orders} o
        where o.client_id = c.id and o.status_id <> ${STATUS.cancelled}
        order by o.create_date desc, o.id desc limit 1
      ) l on true
      where c.null_date is null
      order by c.id`),
  );
}

interface RecentLineRow {
  client_id: number;
  order_id: number;
  times_shipping_id: number | null;
  pay_method_id: number | null;
  product_id: number;
  type: string;
  amount: string;
  virtual_freezer: boolean;
}

/** The last order's lines of each active client the seller took an order for since `since`. */
export async function recentLastOrderLines(db: Executor, sellerId: number, since: Date) {
  return rowsOf<RecentLineRow>(
    await db.execute(sql`
      with recent as (
        select distinct o.client_id from ${orders} o
        join ${clients} c on c.id = o.client_id and c.null_date is null
        where o.seller_id = ${sellerId} and o.create_date >= ${since.toISOString()}
      ), last as (
        select r.client_id, l.id, l.times_shipping_id, l.pay_method_id from recent r
        cross join lateral (
          select o.id, o.times_shipping_id, o.pay_method_id from ${orders} o
          where o.client_id = r.client_id and o.status_id <> ${STATUS.cancelled}
          order by o.create_date desc, o.id desc limit 1
        ) l
      )
      select last.client_id, last.id as order_id, last.times_shipping_id, last.pay_method_id,
        d.product_id, d.type, d.amount, d.virtual_freezer
      from last join ${orderDetails} d on d.order_id = last.id
      order by last.client_id, d.id`),
  );
}
