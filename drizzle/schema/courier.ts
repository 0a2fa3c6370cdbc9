import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { users } from "./users";

/** Which Cadete user drives dispatch column 1–12; a route sent from a linked column reaches that user. */
export const courierLinks = pgTable(
  "courier_links",
  {
    column: integer("column").primaryKey(),
    userId: integer("user_id").references(() => users.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("courier_links_column", sql`${t.column} between 1 and 12`),
    uniqueIndex("courier_links_user_idx").on(t.userId),
  ],
);

/**
 * One stop of a sent route. A stop is never deleted: a 'no_entregado' stop stays as history
 * and the order, dispatched again, gets a new stop. At most one pending stop per order.
 */
export const courierStops = pgTable(
  "courier_stops",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    column: integer("column").notNull(),
    userId: integer("user_id").references(() => users.id),
    deliveryDate: date("delivery_date").notNull(),
    /** Position in its route (0-based); routes follow each other by `sent_at`. */
    position: integer("position").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    state: text("state").notNull().default("pendiente"),
    /** The order's Final_Price when it is paid in cash, else null: nothing to collect. */
    amountDue: numeric("amount_due", { precision: 12, scale: 2 }),
    amountReceived: numeric("amount_received", { precision: 12, scale: 2 }),
    photo: text("photo"),
    reason: text("reason"),
    reasonText: text("reason_text"),
    /** The goods' temperature at delivery (°C), when the cold chain is recorded. */
    temperatureC: numeric("temperature_c", { precision: 4, scale: 1 }),
    /** What was done when the goods arrived warmer than the maximum. */
    temperatureNote: text("temperature_note"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: integer("closed_by").references(() => users.id),
  },
  (t) => [
    check("courier_stops_state", sql`${t.state} in ('pendiente', 'entregado', 'no_entregado')`),
    uniqueIndex("courier_stops_open_order_idx").on(t.orderId).where(sql`${t.state} = 'pendiente'`),
    index("courier_stops_user_day_idx").on(t.userId, t.deliveryDate),
    index("courier_stops_column_day_idx").on(t.column, t.deliveryDate),
  ],
);

/** The courier's last shared position (only after consent, at most every 30 s). */
export const courierPositions = pgTable("courier_positions", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  latitude: numeric("latitude", { precision: 9, scale: 6 }).notNull(),
  longitude: numeric("longitude", { precision: 9, scale: 6 }).notNull(),
  accuracy: real("accuracy"),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});
