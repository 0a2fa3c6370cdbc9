import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { users } from "./users";

/**
 * The transactional outbox and audit trail: every durable event is written here in the
 * transaction of the change. Ids follow commit order (see `append_event`), so the relay
 * publishes everything after its cursor and never updates an event.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id),
    orderId: integer("order_id").references(() => orders.id),
    data: jsonb("data").notNull().default({}),
  },
  (t) => [index("order_events_order_idx").on(t.orderId)],
);

/** The last event id the relay has published: one row, also the relay's lock. */
export const outboxCursor = pgTable("outbox_cursor", {
  id: integer("id").primaryKey(),
  lastEventId: bigint("last_event_id", { mode: "number" }).notNull(),
});
