import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orderDetails, orders } from "./orders";
import { products } from "./products";
import { users } from "./users";

/**
 * Lots and expiry (issue 42): kilograms of a product received under a lot code with an expiry
 * date. `remaining` is what orders have not taken: received − Σ order_detail_lots of the lot,
 * changed only in the transaction that writes those rows, with the lot's row locked.
 */
export const lots = pgTable(
  "lots",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /** As typed or scanned (trimmed); one per product, compared without case. */
    code: text("code").notNull(),
    /** The last day the lot may be taken (Buenos Aires date). */
    expiry: date("expiry").notNull(),
    received: numeric("received", { precision: 12, scale: 3 }).notNull(),
    remaining: numeric("remaining", { precision: 12, scale: 3 }).notNull(),
    receivedBy: integer("received_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lots_received_positive", sql`${t.received} > 0`),
    check("lots_remaining_within", sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.received}`),
    check("lots_code_not_blank", sql`length(trim(${t.code})) > 0`),
    uniqueIndex("lots_product_code_idx").on(t.productId, sql`lower(${t.code})`),
    index("lots_product_expiry_idx").on(t.productId, t.expiry, t.id),
    index("lots_expiring_idx").on(t.expiry).where(sql`${t.remaining} > 0`),
  ],
);

/** What an order line took from a lot: written when the order is prepared, removed when it goes back to Pendiente. */
export const orderDetailLots = pgTable(
  "order_detail_lots",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** No cascade: a line that took lots is deleted only after giving them back. */
    orderDetailId: integer("order_detail_id")
      .notNull()
      .references(() => orderDetails.id),
    /** The line's order, kept here so a lot's trace reads no order line. */
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    lotId: integer("lot_id")
      .notNull()
      .references(() => lots.id),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
  },
  (t) => [
    check("order_detail_lots_quantity_positive", sql`${t.quantity} > 0`),
    uniqueIndex("order_detail_lots_line_lot_idx").on(t.orderDetailId, t.lotId),
    // A lot's trace reads its orders and kilograms from this index alone (an index-only scan), never the table.
    index("order_detail_lots_lot_idx").on(t.lotId, t.orderId, t.quantity),
    index("order_detail_lots_order_idx").on(t.orderId),
  ],
);

/**
 * Each time kilograms were received into a lot: who, when, how much, and the Idempotency-Key it
 * came with, so a retried 'Ingresar lote' adds once. A lot's `received` is the sum of its receipts.
 */
export const lotReceipts = pgTable(
  "lot_receipts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    lotId: integer("lot_id")
      .notNull()
      .references(() => lots.id),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
    receivedBy: integer("received_by").references(() => users.id),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lot_receipts_quantity_positive", sql`${t.quantity} > 0`),
    uniqueIndex("lot_receipts_key_idx").on(t.receivedBy, t.idempotencyKey),
    index("lot_receipts_lot_idx").on(t.lotId),
  ],
);
