import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { gramsToDecimal } from "../../../domain/money";
import { normalizeSearch } from "../../../domain/text";
import {
  cities,
  clients,
  orderDetails,
  orderEvents,
  orders,
  orderStatuses,
  payMethods,
  products,
  shipments,
  timesShipping,
  users,
  virtualFreezerItems,
} from "../../../drizzle/schema";
import { equalsOrNull } from "../../db/conditions";
import type { Executor } from "../../db/types";

export type OrderInsert = typeof orders.$inferInsert;
export type DetailInsert = Omit<typeof orderDetails.$inferInsert, "orderId">;

export const findProducts = (db: Executor, ids: number[]) =>
  ids.length ? db.select().from(products).where(and(inArray(products.id, ids), isNull(products.deletedAt))) : Promise.resolve([]);

export const freezerOf = (db: Executor, clientId: number) => db.select().from(virtualFreezerItems).where(eq(virtualFreezerItems.clientId, clientId));

/** The delivery's references in one round trip: the zone row and whether each other id exists. */
export async function deliveryReferences(db: Executor, ids: { zone: number; city: number; time: number; pay: number }) {
  const [row] = await db
    .select({
      zoneName: sql<string | null>`(select ${shipments.name} from ${shipments} where ${shipments.id} = ${ids.zone})`,
      zonePrice: sql<string | null>`(select ${shipments.price} from ${shipments} where ${shipments.id} = ${ids.zone})`,
      city: sql<boolean>`exists (select 1 from ${cities} where ${cities.id} = ${ids.city})`,
      time: sql<boolean>`exists (select 1 from ${timesShipping} where ${timesShipping.id} = ${ids.time})`,
      pay: sql<boolean>`exists (select 1 from ${payMethods} where ${payMethods.id} = ${ids.pay})`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

const inProductOrder = (deltas: Map<number, number>) => [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b);

/**
 * Takes (positive) or returns (negative) stock, in product-id order so concurrent orders
 * never deadlock; a take only happens if it fits. Returns the first product that did not
 * fit, and the caller rolls back. The statements are issued together: the connection sends
 * them in one write and the server runs them in order.
 */
export async function applyStock(db: Executor, grams: Map<number, number>): Promise<number | null> {
  const changes = inProductOrder(grams).map(async ([productId, delta]) => {
    const amount = gramsToDecimal(Math.abs(delta));
    const changed = await db
      .update(products)
      .set({ quantity: delta < 0 ? sql`${products.quantity} + ${amount}` : sql`${products.quantity} - ${amount}` })
      .where(delta < 0 ? eq(products.id, productId) : and(eq(products.id, productId), gte(products.quantity, amount)))
      .returning({ id: products.id });
    return changed.length ? null : productId;
  });
  return (await Promise.all(changes)).find((id) => id !== null) ?? null;
}

/** The same for a client's freezer balance (milli-units); returns the first product that did not fit. */
export async function applyFreezer(db: Executor, clientId: number, milli: Map<number, number>): Promise<number | null> {
  const changes = inProductOrder(milli).map(async ([productId, delta]) => {
    const amount = gramsToDecimal(Math.abs(delta));
    if (delta < 0) {
      await db
        .insert(virtualFreezerItems)
        .values({ clientId, productId, quantity: amount, type: "KG" })
        .onConflictDoUpdate({
          target: [virtualFreezerItems.clientId, virtualFreezerItems.productId],
          set: { quantity: sql`${virtualFreezerItems.quantity} + ${amount}` },
        });
      return null;
    }
    const taken = await db
      .update(virtualFreezerItems)
      .set({ quantity: sql`${virtualFreezerItems.quantity} - ${amount}` })
      .where(and(eq(virtualFreezerItems.clientId, clientId), eq(virtualFreezerItems.productId, productId), gte(virtualFreezerItems.quantity, amount)))
      .returning({ id: virtualFreezerItems.id });
    return taken.length ? null : productId;
  });
  return (await Promise.all(changes)).find((id) => id !== null) ?? null;
}

/** The order and its lines in one write: the lines take the id the order insert just drew. */
export async function insertOrder(db: Executor, order: OrderInsert, lines: DetailInsert[]) {
  const newOrderId = sql`currval(pg_get_serial_sequence('orders', 'id'))`;
  const [[row]] = await Promise.all([
    db.insert(orders).values(order).returning({ id: orders.id }),
    db.insert(orderDetails).values(lines.map((line) => ({ ...line, orderId: newOrderId as unknown as number }))),
  ]);
  return row!.id;
}

export async function replaceLines(db: Executor, orderId: number, values: Partial<OrderInsert>, lines: DetailInsert[]) {
  await db.update(orders).set({ ...values, updatedAt: new Date() }).where(eq(orders.id, orderId));
  await db.delete(orderDetails).where(eq(orderDetails.orderId, orderId));
  await db.insert(orderDetails).values(lines.map((line) => ({ ...line, orderId })));
}

export async function findOrderByKey(db: Executor, key: string) {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
  return row?.id ?? null;
}

/** The order row locked for the rest of the transaction, so two changes to it serialise. */
export async function lockOrder(db: Executor, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("update");
  return row ?? null;
}

export const linesOf = (db: Executor, orderId: number) => db.select().from(orderDetails).where(eq(orderDetails.orderId, orderId)).orderBy(asc(orderDetails.id));

export async function setStatus(db: Executor, id: number, statusId: number) {
  await db.update(orders).set({ statusId, updatedAt: new Date() }).where(eq(orders.id, id));
}

const listColumns = {
  id: orders.id,
  clientName: clients.name,
  orderTime: orders.orderTime,
  deliveryDate: orders.deliveryDate,
  address: orders.address,
  payMethod: payMethods.name,
  finalPrice: orders.finalPrice,
  alterDate: orders.alterDate,
  seller: users.username,
  statusId: orders.statusId,
  statusName: orderStatuses.name,
  displayClass: orderStatuses.displayClass,
  hasFv: orders.hasFv,
};

export interface OrderListFilter {
  search: string;
  statusIds?: number[];
  hideStatus?: number;
  hasFv?: boolean;
  modified?: boolean;
  deliveryDate?: string;
  limit: number;
}

export async function listOrders(db: Executor, filter: OrderListFilter) {
  const term = normalizeSearch(filter.search);
  const conditions: (SQL | undefined)[] = [
    term ? or(ilike(clients.searchName, `%${term.replace(/[%_\\]/g, "\\$&")}%`), /^\d+$/.test(term) && Number(term) < 2 ** 31 ? eq(orders.id, Number(term)) : undefined) : undefined,
    filter.statusIds?.length ? inArray(orders.statusId, filter.statusIds) : undefined,
    filter.hideStatus ? ne(orders.statusId, filter.hideStatus) : undefined,
    filter.hasFv === undefined ? undefined : eq(orders.hasFv, filter.hasFv),
    filter.modified === undefined ? undefined : filter.modified ? isNotNull(orders.alterDate) : isNull(orders.alterDate),
    filter.deliveryDate ? eq(orders.deliveryDate, filter.deliveryDate) : undefined,
  ];
  return db
    .select(listColumns)
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .leftJoin(payMethods, eq(payMethods.id, orders.payMethodId))
    .leftJoin(users, eq(users.id, orders.sellerId))
    .where(and(...conditions))
    .orderBy(desc(orders.id))
    .limit(filter.limit);
}

export const listStatuses = (db: Executor) => db.select().from(orderStatuses).orderBy(asc(orderStatuses.id));

export async function orderWithNames(db: Executor, id: number) {
  const [row] = await db
    .select({
      order: orders,
      clientName: clients.name,
      zone: shipments.name,
      cityName: cities.name,
      payMethod: payMethods.name,
      timeSlot: timesShipping.name,
      statusName: orderStatuses.name,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .leftJoin(shipments, eq(shipments.id, orders.shipmentId))
    .leftJoin(cities, eq(cities.id, orders.cityId))
    .leftJoin(payMethods, eq(payMethods.id, orders.payMethodId))
    .leftJoin(timesShipping, eq(timesShipping.id, orders.timesShippingId))
    .where(eq(orders.id, id));
  return row ?? null;
}

export const linesWithNames = (db: Executor, orderId: number) =>
  db
    .select({ line: orderDetails, name: products.name })
    .from(orderDetails)
    .innerJoin(products, eq(products.id, orderDetails.productId))
    .where(eq(orderDetails.orderId, orderId))
    .orderBy(asc(orderDetails.id));

export const historyOf = (db: Executor, orderId: number) =>
  db
    .select({ id: orderEvents.id, type: orderEvents.type, at: orderEvents.at, actor: users.username })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));

export const listTimeSlots = (db: Executor) => db.select().from(timesShipping).orderBy(asc(timesShipping.id));
export const listPayMethods = (db: Executor) => db.select().from(payMethods).orderBy(asc(payMethods.id));

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
  statusIds: number[];
  deliveryDate?: string;
  ids?: number[];
  /** Only these (zone, date, time slot) groups; a null zone or slot matches null. */
  group?: { zoneId: number | null; deliveryDate: string; timeSlotId: number | null };
}


/** Orders as the preparation and dispatch boards list them (SPEC.md §3). */
export function boardRows(db: Executor, filter: BoardFilter) {
  const { group } = filter;
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
        inArray(orders.statusId, filter.statusIds),
        filter.deliveryDate ? eq(orders.deliveryDate, filter.deliveryDate) : undefined,
        filter.ids ? inArray(orders.id, filter.ids) : undefined,
        group ? and(eq(orders.deliveryDate, group.deliveryDate), equalsOrNull(orders.shipmentId, group.zoneId), equalsOrNull(orders.timesShippingId, group.timeSlotId)) : undefined,
      ),
    )
    .orderBy(asc(orders.id));
}
export type BoardRow = Awaited<ReturnType<typeof boardRows>>[number];

/** Every line of these orders with its product name: the batch pick lists. */
export const linesOfOrders = (db: Executor, orderIds: number[]) =>
  orderIds.length
    ? db
        .select({ orderId: orderDetails.orderId, productId: orderDetails.productId, productName: products.name, type: orderDetails.type, amount: orderDetails.amount })
        .from(orderDetails)
        .innerJoin(products, eq(products.id, orderDetails.productId))
        .where(inArray(orderDetails.orderId, orderIds))
    : Promise.resolve([]);
