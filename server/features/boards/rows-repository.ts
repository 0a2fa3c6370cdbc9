import { and, asc, eq } from "drizzle-orm";
import {
  cities,
  clients,
  orderDetails,
  orders,
  orderStatuses,
  products,
  shipments,
  timesShipping,
} from "../../../drizzle/schema";
import { inIds } from "../../db/conditions";
import type { Executor } from "../../db/types";

/** The orders as the preparation and dispatch boards read them. */

/** The (zone, date, time slot) group an order is batched in for preparation. */
export interface OrderGroup {
  zoneId: number | null;
  deliveryDate: string;
  timeSlotId: number | null;
}

const boardColumns = {
  id: orders.id,
  clientName: clients.name,
  deliveryDate: orders.deliveryDate,
  orderTime: orders.orderTime,
  timeSlotId: orders.timesShippingId,
  timeSlot: timesShipping.name,
  zoneId: orders.shipmentId,
  zone: shipments.name,
  zonePrice: shipments.price,
  address: orders.address,
  cityName: cities.name,
  latitude: orders.latitude,
  longitude: orders.longitude,
  totalWeight: orders.totalWeight,
  distinctProducts: orders.distinctProducts,
  hasFv: orders.hasFv,
  statusId: orders.statusId,
  statusName: orderStatuses.name,
};

export interface BoardFilter {
  /** Any status when absent: a board learning that an order left it needs the order too. */
  statusIds?: number[];
  deliveryDate?: string;
  ids?: number[];
}

/** Orders as the preparation and dispatch boards list them (SPEC.md §3). */
export function boardRows(db: Executor, filter: BoardFilter) {
  return db
    .select(boardColumns)
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
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
