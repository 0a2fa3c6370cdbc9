import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { products } from "./products";
import { cities, shipments } from "./reference";

export const clients = pgTable(
  "clients",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    searchName: text("search_name").notNull().default(""),
    address: text("address").notNull().default(""),
    cityId: integer("city_id").references(() => cities.id),
    shipmentId: integer("shipment_id").references(() => shipments.id),
    category: text("category").notNull().default("Normal"),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    birthday: date("birthday"),
    whatsappUbication: boolean("whatsapp_ubication").notNull().default(true),
    riskZone: boolean("risk_zone").notNull().default(false),
    latitude: numeric("latitude", { precision: 9, scale: 6 }),
    longitude: numeric("longitude", { precision: 9, scale: 6 }),
    secondAddress: text("second_address"),
    secondLatitude: numeric("second_latitude", { precision: 9, scale: 6 }),
    secondLongitude: numeric("second_longitude", { precision: 9, scale: 6 }),
    hasVirtualFreezer: boolean("has_virtual_freezer").notNull().default(false),
    /** What the client may owe, delivered and taken orders together; null: no limit. */
    creditLimit: numeric("credit_limit", { precision: 14, scale: 2 }),
    /** Soft delete: gone from lists and search, still behind its orders. */
    nullDate: timestamp("null_date", { withTimezone: true }),
    /** Optimistic concurrency: an edit based on an older version is refused. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("clients_category", sql`${t.category} in ('Normal', 'Freezer Virtual')`),
    check("clients_credit_limit_non_negative", sql`${t.creditLimit} >= 0`),
    index("clients_search_idx").on(t.searchName),
    index("clients_null_date_idx").on(t.nullDate),
    index("clients_shipment_idx").on(t.shipmentId),
    index("clients_category_idx").on(t.category),
  ],
);

export const virtualFreezerItems = pgTable(
  "virtual_freezer_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull().default("0"),
    type: text("type").notNull().default("KG"),
  },
  (t) => [
    unique("virtual_freezer_client_product").on(t.clientId, t.productId),
    check("virtual_freezer_quantity_non_negative", sql`${t.quantity} >= 0`),
    check("virtual_freezer_type", sql`${t.type} in ('KG', 'UN', 'PROMO')`),
  ],
);

const claimColumns = () => ({
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  clientId: integer("client_id")
    .notNull()
    .references(() => clients.id),
  description: text("description").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  nullDate: timestamp("null_date", { withTimezone: true }),
});

export const bonusClients = pgTable("bonus_clients", claimColumns(), (t) => [
  index("bonus_clients_client_idx").on(t.clientId),
]);
export const orderClaims = pgTable("order_claims", claimColumns(), (t) => [
  index("order_claims_client_idx").on(t.clientId),
]);
export const productClaims = pgTable(
  "product_claims",
  {
    ...claimColumns(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
  },
  (t) => [index("product_claims_client_idx").on(t.clientId, t.productId)],
);
