import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { shipments, timesShipping } from "./reference";

/** Suggested preparation batches, recomputed per (zone, date, time slot) group by a job. */
export const preparationBatches = pgTable(
  "preparation_batches",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    shipmentId: integer("shipment_id").references(() => shipments.id),
    deliveryDate: date("delivery_date").notNull(),
    timesShippingId: integer("times_shipping_id").references(() => timesShipping.id),
    position: integer("position").notNull(),
    orderIds: jsonb("order_ids").$type<number[]>().notNull(),
    totalWeight: numeric("total_weight", { precision: 12, scale: 3 }).notNull().default("0"),
    routeDistanceM: integer("route_distance_m").notNull().default(0),
    /** The batch as the board shows it (a PreparationBatch), kept as written so it is read back as text. */
    view: json("view").notNull(),
    /** The MD5 of `view`'s text: a fresh view is told unchanged without reading the stored one. */
    viewDigest: text("view_digest").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // By date first: a board reads one date in this order, and a group's lookup has its date.
  // Which batch holds an order: the sweep re-batches the group an order left.
  (t) => [
    index("preparation_batches_board_idx").on(t.deliveryDate, t.shipmentId, t.timesShippingId, t.position),
    index("preparation_batches_orders_idx").using("gin", t.orderIds.op("jsonb_path_ops")),
  ],
);

/** Which courier column an Armado order sits in: 0 = Sin asignar, 1–12 = Cadete N (1–3 always, more from the fleet). */
export const courierAssignments = pgTable(
  "courier_assignments",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    courier: integer("courier").notNull().default(0),
    position: integer("position").notNull().default(0),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId] }),
    check("courier_assignments_courier", sql`${t.courier} between 0 and 12`),
    index("courier_assignments_column_idx").on(t.courier, t.position),
  ],
);

/**
 * How far the stored batches follow the outbox: every order event up to `last_event_id` is
 * in them. One row, also the lock that lets one sweeper at a time re-batch.
 */
export const preparationCursor = pgTable("preparation_cursor", {
  id: integer("id").primaryKey(),
  lastEventId: bigint("last_event_id", { mode: "number" }).notNull(),
  /**
   * Every stored batch may be out of date: a new view format, or a bulk change no event
   * announced (demo data, a restore, an import). The next sweep batches every group again and
   * rebuilds every view. The column keeps its first name.
   */
  everyBatchStale: boolean("names_changed").notNull().default(true),
});

/**
 * What each group's stored batches were computed from: a digest of its open orders' ids and
 * coordinates in id order. A zone or slot that is not set is -1. A sweep that finds the same
 * digest, and none of the group's orders changed, has nothing to batch there.
 */
export const preparationGroups = pgTable(
  "preparation_groups",
  {
    zoneId: integer("zone_id").notNull(),
    deliveryDate: date("delivery_date").notNull(),
    timeSlotId: integer("time_slot_id").notNull(),
    inputDigest: text("input_digest").notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryDate, t.zoneId, t.timeSlotId] })],
);

/**
 * Names the stored views show that changed since the last sweep (a client, zone, slot, city,
 * status or product, by `kind` and id): the next sweep rebuilds the views of the open orders
 * that show one, and no other.
 */
export const preparationRenames = pgTable(
  "preparation_renames",
  { kind: text("kind").notNull(), id: integer("id").notNull() },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);
