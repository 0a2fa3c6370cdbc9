import { integer, numeric, pgTable, text } from "drizzle-orm/pg-core";

// Reference tables keep explicit ids: SPEC.md fixes several of them (zone 8, city 1, slot 1).
export const cities = pgTable("cities", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
});

/** Delivery zones ("shipments" in the wire contract), each with its delivery price. */
export const shipments = pgTable("shipments", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  price: numeric("price", { precision: 12, scale: 2 }).notNull().default("0"),
});

export const timesShipping = pgTable("times_shipping", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  /** The slot's hours in minutes from midnight, both or neither: a slot without them is open all shift. */
  startMinute: integer("start_minute"),
  endMinute: integer("end_minute"),
});

export const payMethods = pgTable("pay_methods", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
});

export const orderStatuses = pgTable("order_statuses", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  displayClass: text("display_class").notNull(),
});
