import { and, asc, eq, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { BoardOrderRow } from "@domain/contracts/boards";
import type { OrderRow } from "@domain/contracts/orders";
import {
  cities,
  clients,
  orderDetails,
  orders,
  orderStatuses,
  payMethods,
  products,
  shipments,
  timesShipping,
  users,
} from "../../../drizzle/schema";
import { inIds } from "../../db/conditions";
import type { Executor } from "../../db/types";

/**
 * An order with its client: the base the /orders list and detail, the boards and the courier's
 * stops build on, each joining what else it shows (its status, zone, slot, city, seller…).
 * Typed by the caller's fields; a second join here would leave drizzle's generic result type
 * unresolved, so the callers add theirs.
 */
export const ordersWithClient = <T extends SelectedFields>(db: Executor, fields: T) =>
  db.select(fields).from(orders).innerJoin(clients, eq(clients.id, orders.clientId));

/** An order's row in /orders, built by the database's `order_row` as its events carry it; needs pay methods and users joined. */
export const orderRow = sql<OrderRow>`order_row(${orders}, ${clients}, ${orderStatuses}, ${payMethods}, ${users})`;

/** An order's board card, built by the database's `order_card` as its events carry it. */
const orderCard = sql<BoardOrderRow>`order_card(${orders}, ${clients}, ${orderStatuses}, ${shipments}, ${timesShipping}, ${cities})`;

/** The orders as the preparation and dispatch boards read them. */

/** The (zone, date, time slot) group an order is batched in for preparation. */
export interface OrderGroup {
  zoneId: number | null;
  deliveryDate: string;
  timeSlotId: number | null;
}

/** What batching, routes and share texts work with, and the card the boards show. */
const boardColumns = {
  id: orders.id,
  clientName: clients.name,
  deliveryDate: orders.deliveryDate,
  timeSlotId: orders.timesShippingId,
  timeSlot: timesShipping.name,
  zoneId: orders.shipmentId,
  zone: shipments.name,
  address: orders.address,
  latitude: orders.latitude,
  longitude: orders.longitude,
  totalWeight: orders.totalWeight,
  statusId: orders.statusId,
  card: orderCard,
};

export interface BoardFilter {
  /** Any status when absent: a board learning that an order left it needs the order too. */
  statusIds?: number[];
  deliveryDate?: string;
  ids?: number[];
}

/** Orders as the preparation and dispatch boards list them (SPEC.md §3). */
export function boardRows(db: Executor, filter: BoardFilter) {
  return ordersWithClient(db, boardColumns)
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .leftJoin(shipments, eq(shipments.id, orders.shipmentId))
    .leftJoin(timesShipping, eq(timesShipping.id, orders.timesShippingId))
    .leftJoin(cities, eq(cities.id, orders.cityId))
    .where(
      and(
        filter.statusIds ? inIds(orders.statusId, filter.statusIds) : undefined,
        filter.deliveryDate ? eq(orders.deliveryDate, filter.deliveryDate) : undefined,
        filter.ids ? inIds(orders.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(orders.id));
}
export type BoardRow = Awaited<ReturnType<typeof boardRows>>[number];

/** Every line of these orders with its product name: the batch pick lists. */
export const linesOfOrders = (db: Executor, orderIds: number[]) =>
  orderIds.length
    ? db
        .select({
          orderId: orderDetails.orderId,
          productId: orderDetails.productId,
          productName: products.name,
          type: orderDetails.type,
          amount: orderDetails.amount,
        })
        .from(orderDetails)
        .innerJoin(products, eq(products.id, orderDetails.productId))
        .where(inIds(orderDetails.orderId, orderIds))
    : Promise.resolve([]);
