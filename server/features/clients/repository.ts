import { and, asc, count, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { normalizeSearch } from "../../../domain/text";
import { cities, clients, shipments } from "../../../drizzle/schema";
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
    .returning({ id: clients.id });
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
