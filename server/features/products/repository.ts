import { and, asc, count, eq, ilike, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { LOW_STOCK_KG } from "@domain/contracts/products";
import { normalizeSearch } from "@domain/text";
import { products } from "../../../drizzle/schema";
import { inIds } from "../../db/conditions";
import { containing, idSearched } from "../../db/search";
import type { Executor } from "../../db/types";

export type ProductRow = typeof products.$inferSelect;
export type ProductFilter = "" | "destacados" | "sin_stock" | "principales" | "secundarios" | "bajo_stock";

const live = isNull(products.deletedAt);

const FILTERS: Record<ProductFilter, ReturnType<typeof eq> | undefined> = {
  "": undefined,
  destacados: eq(products.featured, true),
  sin_stock: lte(products.quantity, "0"),
  principales: isNull(products.principalProductId),
  secundarios: isNotNull(products.principalProductId),
  bajo_stock: lt(products.quantity, String(LOW_STOCK_KG)),
};

interface ProductSearch {
  search: string;
  filter: ProductFilter;
}

function productMatches({ search, filter }: ProductSearch) {
  const term = normalizeSearch(search);
  const id = idSearched(term);
  const matches = term
    ? or(ilike(products.searchName, containing(term)), id !== null ? eq(products.id, id) : undefined)
    : undefined;
  return and(live, FILTERS[filter], matches);
}

export function listProducts(db: Executor, query: ProductSearch & { limit: number; offset?: number }) {
  return db
    .select()
    .from(products)
    .where(productMatches(query))
    .orderBy(asc(products.searchName), asc(products.id))
    .limit(query.limit)
    .offset(query.offset ?? 0);
}

export async function countProducts(db: Executor, query: ProductSearch) {
  const [row] = await db.select({ n: count() }).from(products).where(productMatches(query));
  return row!.n;
}

export async function findProduct(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), live));
  return row ?? null;
}

export async function existingIds(db: Executor, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inIds(products.id, ids), live));
  return new Set(rows.map((r) => r.id));
}

/** What decides the line types a live product may take (domain/cart typeRefusal), by id. */
export async function saleTypes(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { promotions: string | null; unitWeight: string }>();
  const rows = await db
    .select({ id: products.id, promotions: products.promotions, unitWeight: products.unitWeight })
    .from(products)
    .where(and(inIds(products.id, ids), live));
  return new Map(rows.map((r) => [r.id, { promotions: r.promotions, unitWeight: r.unitWeight }]));
}

export async function insertProduct(db: Executor, values: Omit<typeof products.$inferInsert, "searchName">) {
  const [row] = await db
    .insert(products)
    .values({ ...values, searchName: normalizeSearch(values.name) })
    .returning();
  return row!;
}

export async function updateProduct(db: Executor, id: number, values: Partial<typeof products.$inferInsert>) {
  const [row] = await db
    .update(products)
    .set({ ...values, ...(values.name ? { searchName: normalizeSearch(values.name) } : {}), updatedAt: new Date() })
    .where(and(eq(products.id, id), live))
    .returning();
  return row ?? null;
}

export async function softDeleteProduct(db: Executor, id: number) {
  return updateProduct(db, id, { deletedAt: new Date() });
}

export async function listMainProducts(db: Executor, includeAll: boolean) {
  return db
    .select({ PK_Products: products.id, Name: products.name })
    .from(products)
    .where(and(live, includeAll ? undefined : isNull(products.principalProductId)))
    .orderBy(asc(products.searchName));
}
