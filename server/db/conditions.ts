import { Param, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * `column = any($1)` with the ids as one array parameter. `in ($1 … $n)` makes a new
 * prepared statement for every n, and each stays on its connection, in postgres.js and in
 * the Postgres backend, for the connection's life: memory grew with every new list length.
 */
export const inIds = (column: AnyPgColumn, ids: readonly number[]) =>
  sql`${column} = any(${new Param([...ids])}::int[])`;

/** A numeric aggregate as exact text (no float on the way), 0 over no rows: sums of money and weight. */
export const decimalText = (value: SQL) => sql<string>`coalesce(${value}, 0)::text`;
