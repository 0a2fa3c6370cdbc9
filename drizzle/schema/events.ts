import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { users } from "./users";

/**
 * The transactional outbox and audit trail: every durable event is written here in the
 * transaction of the change; the relay publishes rows whose published_at is null.
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
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [index("order_events_unpublished_idx").on(t.publishedAt, t.id), index("order_events_order_idx").on(t.orderId)],
);
