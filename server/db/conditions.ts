import { eq, isNull } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** `column = value`, or `column is null` when the value is null (SQL's `=` never matches null). */
export const equalsOrNull = (column: AnyPgColumn, value: number | null) => (value === null ? isNull(column) : eq(column, value));
