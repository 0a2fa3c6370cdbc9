import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A courier of the day's plan, by board column (1–3 of SPEC.md §9, up to 12 added): what one trip carries, how
 * many stops it makes, and the shift in minutes from midnight. A column without a row plans
 * with the defaults (domain/contracts/day-plan.ts).
 */
export const fleetCouriers = pgTable(
  "fleet_couriers",
  {
    column: integer("column").primaryKey(),
    name: text("name").notNull(),
    capacityKg: numeric("capacity_kg", { precision: 7, scale: 3 }).notNull(),
    maxStops: integer("max_stops").notNull(),
    shiftStart: integer("shift_start").notNull(),
    shiftEnd: integer("shift_end").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("fleet_couriers_column", sql`${t.column} between 1 and 12`),
    check("fleet_couriers_capacity", sql`${t.capacityKg} > 0 and ${t.capacityKg} <= 5000`),
    check("fleet_couriers_stops", sql`${t.maxStops} between 1 and 99`),
    check(
      "fleet_couriers_shift",
      sql`0 <= ${t.shiftStart} and ${t.shiftStart} < ${t.shiftEnd} and ${t.shiftEnd} <= 1439`,
    ),
  ],
);

/**
 * One computed plan of a delivery date: asked for by a dispatcher, computed by the `day-plans`
 * job. `board` is the fingerprint of the date's open orders and placements when the job read
 * them: applying checks it again (a changed board is a 409).
 */
export const dayPlans = pgTable(
  "day_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryDate: date("delivery_date").notNull(),
    requestedBy: integer("requested_by").references(() => users.id),
    status: text("status").notNull().default("queued"),
    /** The dispatcher's pins and locked trips, as the request sent them. */
    request: jsonb("request").notNull(),
    /** Trips and unassigned orders as the API answers them. */
    result: jsonb("result"),
    board: text("board"),
    solveMs: integer("solve_ms"),
    distanceM: integer("distance_m"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [
    check("day_plans_status", sql`${t.status} in ('queued', 'running', 'ready', 'failed')`),
    index("day_plans_date_idx").on(t.deliveryDate, t.createdAt),
  ],
);
