import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { clients, groups, orders, settings, users } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

export const listSellers = (db: Executor) =>
  db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      group: groups.name,
    })
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(and(eq(users.isActive, true), inArray(groups.name, ["Admin", "Vendedor"])))
    .orderBy(asc(users.username));

export async function readSetting<T>(db: Executor, key: string, fallback: T): Promise<T> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row ? (row.value as T) : fallback;
}

export async function writeSetting(db: Executor, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Orders created in [from, to) in Buenos Aires days, never cancelled ones. */
const inRange = (from: string, to: string) =>
  and(
    gte(orders.createDate, sql`(${from}::date)::timestamp at time zone 'America/Argentina/Buenos_Aires'`),
    lt(orders.createDate, sql`((${to}::date) + 1)::timestamp at time zone 'America/Argentina/Buenos_Aires'`),
    ne(orders.statusId, 2),
  );

export async function salesTotals(db: Executor, from: string, to: string, sellerId: number) {
  const [row] = await db
    .select({
      sellerGoods: sql<string>`coalesce(sum(${orders.totalPrice}) filter (where ${orders.sellerId} = ${sellerId}), 0)::text`,
      sellerShipping: sql<string>`coalesce(sum(${orders.shippingCost}) filter (where ${orders.sellerId} = ${sellerId}), 0)::text`,
      rangeTotal: sql<string>`coalesce(sum(${orders.finalPrice}), 0)::text`,
      sellerTotal: sql<string>`coalesce(sum(${orders.finalPrice}) filter (where ${orders.sellerId} = ${sellerId}), 0)::text`,
    })
    .from(orders)
    .where(inRange(from, to));
  return row!;
}

export const mostExpensive = (db: Executor, from: string, to: string, sellerId: number, limit = 10) =>
  db
    .select({
      order_id: orders.id,
      client_name: clients.name,
      final_price: orders.finalPrice,
      create_date: orders.createDate,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(and(inRange(from, to), eq(orders.sellerId, sellerId)))
    .orderBy(desc(orders.finalPrice), asc(orders.id))
    .limit(limit);
