import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** Lower-case, accent-free name, filled by the app, so search needs no extension. */
    searchName: text("search_name").notNull().default(""),
    /** Stock in kilograms. */
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull().default("0"),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    unitWeight: numeric("unit_weight", { precision: 10, scale: 3 }).notNull().default("0"),
    ifWeight: boolean("if_weight").notNull().default(true),
    /** Catch weight: its KG and UN lines need the weight really packed before 'Preparado!'. */
    requiresWeighing: boolean("requires_weighing").notNull().default(false),
    /** How far (in % of the ordered weight) a real weight may be before the preparer must confirm it. */
    weightTolerancePct: numeric("weight_tolerance_pct", { precision: 5, scale: 2 }).notNull().default("10"),
    featured: boolean("featured").notNull().default(false),
    principalProductId: integer("principal_product_id").references((): AnyPgColumn => products.id),
    /** Up to four product ids joined by '-', '0' for none (SPEC.md §3). */
    promotions: text("promotions"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_quantity_non_negative", sql`${t.quantity} >= 0`),
    check("products_price_non_negative", sql`${t.price} >= 0`),
    check("products_unit_weight_non_negative", sql`${t.unitWeight} >= 0`),
    check("products_weight_tolerance_pct", sql`${t.weightTolerancePct} between 0 and 100`),
    index("products_search_idx").on(t.searchName),
    index("products_featured_idx").on(t.featured),
    index("products_principal_idx").on(t.principalProductId),
  ],
);
