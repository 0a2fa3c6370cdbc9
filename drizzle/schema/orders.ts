import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { products } from "./products";
import { cities, orderStatuses, payMethods, shipments, timesShipping } from "./reference";
import { users } from "./users";

export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id),
    sellerId: integer("seller_id").references(() => users.id),
    statusId: integer("status_id")
      .notNull()
      .default(1)
      .references(() => orderStatuses.id),
    createDate: timestamp("create_date", { withTimezone: true }).notNull().defaultNow(),
    orderTime: text("order_time").notNull().default(""),
    deliveryDate: date("delivery_date").notNull(),
    timesShippingId: integer("times_shipping_id").references(() => timesShipping.id),
    shipmentId: integer("shipment_id").references(() => shipments.id),
    /** The zone price when the order was confirmed: later price changes do not touch it. */
    shippingCost: numeric("shipping_cost", { precision: 12, scale: 2 }).notNull().default("0"),
    payMethodId: integer("pay_method_id").references(() => payMethods.id),
    address: text("address").notNull().default(""),
    cityId: integer("city_id").references(() => cities.id),
    latitude: numeric("latitude", { precision: 9, scale: 6 }),
    longitude: numeric("longitude", { precision: 9, scale: 6 }),
    notes: text("notes").notNull().default(""),
    totalPrice: numeric("total_price", { precision: 12, scale: 2 }).notNull().default("0"),
    finalPrice: numeric("final_price", { precision: 12, scale: 2 }).notNull().default("0"),
    totalWeight: numeric("total_weight", { precision: 12, scale: 3 }).notNull().default("0"),
    distinctProducts: integer("distinct_products").notNull().default(0),
    hasFv: boolean("has_fv").notNull().default(false),
    /** Set when a confirmed order is modified ("Modificado" column). */
    alterDate: timestamp("alter_date", { withTimezone: true }),
    /** Unique per seller (orders_seller_key_idx): another user's same key is another order. */
    idempotencyKey: text("idempotency_key"),
    /**
     * SHA-256 of the request the key first came with (canonical JSON): the same key with
     * another body is refused (docs/decisions/orders/0057-idempotency-key.md); null before issue 39.
     */
    idempotencyFingerprint: text("idempotency_fingerprint"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_amounts_non_negative", sql`${t.totalPrice} >= 0 and ${t.finalPrice} >= 0 and ${t.shippingCost} >= 0`),
    index("orders_status_idx").on(t.statusId),
    index("orders_delivery_date_idx").on(t.deliveryDate),
    index("orders_client_idx").on(t.clientId),
    index("orders_seller_idx").on(t.sellerId, t.createDate),
    index("orders_create_date_idx").on(t.createDate),
    index("orders_group_idx").on(t.shipmentId, t.deliveryDate, t.timesShippingId),
    uniqueIndex("orders_seller_key_idx").on(t.sellerId, t.idempotencyKey),
  ],
);

export const orderDetails = pgTable(
  "order_details",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    type: text("type").notNull(),
    amount: numeric("amount", { precision: 12, scale: 3 }).notNull(),
    /** The weight ordered (kilos, or units × unit weight): a correction re-prices from it. */
    weight: numeric("weight", { precision: 12, scale: 3 }).notNull().default("0"),
    /** The weight really packed, once weighed at preparation; the line is billed and takes stock by it. */
    pickedWeight: numeric("picked_weight", { precision: 12, scale: 3 }),
    unitPrice: numeric("unit_price", { precision: 12, scale: 2 }).notNull().default("0"),
    totalPrice: numeric("total_price", { precision: 12, scale: 2 }).notNull().default("0"),
    virtualFreezer: boolean("virtual_freezer").notNull().default(false),
    promotions: text("promotions"),
    weighted: boolean("weighted").notNull().default(true),
    nullDate: timestamp("null_date", { withTimezone: true }),
    /**
     * Issue 42: kilograms the line took as stock without a lot when it was prepared, because its
     * product's usable lots did not cover them; null before preparation or when the product had no lots.
     */
    withoutLot: numeric("without_lot", { precision: 12, scale: 3 }),
  },
  (t) => [
    check("order_details_type", sql`${t.type} in ('KG', 'UN', 'PROMO')`),
    check("order_details_amount_positive", sql`${t.amount} > 0`),
    check("order_details_picked_weight_positive", sql`${t.pickedWeight} > 0`),
    index("order_details_order_idx").on(t.orderId),
    index("order_details_product_idx").on(t.productId),
  ],
);
