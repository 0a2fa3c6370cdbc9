import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { OrderEventInput, OrderEventType } from "@domain/contracts/event-data";
import { gramsToDecimal } from "@domain/money";
import type { HistoryFacts } from "@domain/order-history";
import { STATUS } from "@domain/order-status";
import { normalizeSearch } from "@domain/text";
import {
  cities,
  clientAccounts,
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
import { inIds } from "../../db/conditions";
import { orderRow, ordersWithClient } from "../order-read-model";
import { containing, idSearched } from "../../db/search";
import type { Executor } from "../../db/types";
import { databaseError } from "../../db/errors";
import { rowsOf } from "../../db/rows";

export type OrderInsert = typeof orders.$inferInsert;
export type DetailInsert = Omit<typeof orderDetails.$inferInsert, "orderId">;

export interface OrderInputsQuery {
  productIds: number[];
  clientId: number;
  delivery: { zone: number; city: number; time: number; pay: number };
  /** An earlier order this seller made with this Idempotency-Key answers instead of a new one. */
  idempotencyKey: string | null;
  sellerId: number;
}

export interface OrderInputs {
  products: {
    id: number;
    name: string;
    price: string;
    unitWeight: string;
    ifWeight: boolean;
    promotions: string | null;
  }[];
  freezer: { productId: number; quantity: string }[];
  references: { zoneName: string | null; zonePrice: string | null; city: boolean; time: boolean; pay: boolean };
  /** The client exists and is not deleted. */
  client: boolean;
  /** The order this seller already made with this Idempotency-Key, and the request it came with. */
  existing: KeyedOrder | null;
  /** What the credit check reads (issue 44); openOrders only when the client has a limit. */
  credit: { limit: string | null; balance: string; openOrders: string };
}

/** An order taken under an Idempotency-Key; `fingerprint` is null for orders taken before it was kept. */
export interface KeyedOrder {
  id: number;
  fingerprint: string | null;
}

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;

/**
 * Everything an order is priced and checked against, in one statement: the catalogue rows
 * of the cart, the client's freezer, the delivery's references and an order already made
 * under the same key. Decimals travel as text so no centavo or gram goes through a float.
 */
export async function orderInputs(db: Executor, query: OrderInputsQuery): Promise<OrderInputs> {
  const { zone, city, time, pay } = query.delivery;
  const [row] = rowsOf<{
    products: OrderInputs["products"] | null;
    freezer: OrderInputs["freezer"] | null;
    zone_name: string | null;
    zone_price: string | null;
    city: boolean;
    time: boolean;
    pay: boolean;
    client: boolean;
    existing: KeyedOrder | null;
    credit_limit: string | null;
    balance: string | null;
    open_total: string;
  }>(
    await db.execute(sql`
      select
        (select json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price::text, 'unitWeight', p.unit_weight::text,
                'ifWeight', p.if_weight, 'promotions', p.promotions))
           from ${products} p where p.id = any(${intArray(query.productIds)}::int[]) and p.deleted_at is null) as products,
        (select json_agg(json_build_object('productId', f.product_id, 'quantity', f.quantity::text))
           from ${virtualFreezerItems} f where f.client_id = ${query.clientId}) as freezer,
        (select s.name from ${shipments} s where s.id = ${zone}) as zone_name,
        (select s.price::text from ${shipments} s where s.id = ${zone}) as zone_price,
        exists (select 1 from ${cities} c where c.id = ${city}) as city,
        exists (select 1 from ${timesShipping} t where t.id = ${time}) as time,
        exists (select 1 from ${payMethods} m where m.id = ${pay}) as pay,
        exists (select 1 from ${clients} c where c.id = ${query.clientId} and c.null_date is null) as client,
        (select json_build_object('id', o.id, 'fingerprint', o.idempotency_fingerprint) from ${orders} o
           where o.seller_id = ${query.sellerId} and o.idempotency_key = ${query.idempotencyKey}) as existing,
        (select c.credit_limit::text from ${clients} c where c.id = ${query.clientId}) as credit_limit,
        (select a.balance::text from ${clientAccounts} a where a.client_id = ${query.clientId}) as balance,
        (select coalesce(sum(o.final_price), 0)::text from ${orders} o
           where o.client_id = ${query.clientId} and o.status_id not in (${STATUS.cancelled}, ${STATUS.delivered})
             and exists (select 1 from ${clients} c where c.id = ${query.clientId} and c.credit_limit is not null)) as open_total`),
  );
  return {
    products: row!.products ?? [],
    freezer: row!.freezer ?? [],
    references: {
      zoneName: row!.zone_name,
      zonePrice: row!.zone_price,
      city: row!.city,
      time: row!.time,
      pay: row!.pay,
    },
    client: row!.client,
    existing: row!.existing,
    credit: { limit: row!.credit_limit, balance: row!.balance ?? "0", openOrders: row!.open_total },
  };
}

/** Per-product changes (grams or milli-units) as the write functions take them: signed decimals. */
const changesJson = (deltas: Map<number, number>) =>
  JSON.stringify(
    [...deltas]
      .filter(([, delta]) => delta !== 0)
      .map(([product_id, delta]) => ({ product_id, delta: gramsToDecimal(delta) })),
  );

const scalar = async <T>(db: Executor, query: SQL) =>
  Object.values(rowsOf<Record<string, T>>(await db.execute(query))[0]!)[0]!;

/**
 * Takes (positive) or returns (negative) stock in product-id order, a take only if it fits
 * (the `apply_stock` function). Returns the first product that did not fit; the caller
 * rolls back.
 */
export const applyStock = (db: Executor, grams: Map<number, number>) =>
  scalar<number | null>(db, sql`select apply_stock(${changesJson(grams)}::jsonb) as short`);

/** Each product's new quantity as product.stock_changed: call it just before the order's event. */
export const announceStock = async (db: Executor, grams: Map<number, number>, actorId: number) => {
  await db.execute(sql`select announce_stock(${changesJson(grams)}::jsonb, ${actorId})`);
};

/**
 * An order event carrying the order as it is now: its /orders row and its board card
 * (`append_order_event`), so screens apply it in place. Last in the transaction, as any event.
 */
export async function appendOrderEvent(
  db: Executor,
  event: { type: OrderEventType; actorId: number; orderId: number; data: OrderEventInput },
) {
  await db.execute(
    sql`select append_order_event(${event.type}, ${event.actorId}, ${event.orderId}, ${JSON.stringify(event.data)}::jsonb)`,
  );
}

/** The same for a client's freezer balance (milli-units). */
export const applyFreezer = (db: Executor, clientId: number, milli: Map<number, number>) =>
  scalar<number | null>(db, sql`select apply_freezer(${clientId}, ${changesJson(milli)}::jsonb) as short`);

export interface NewOrder {
  order: OrderInsert;
  lines: DetailInsert[];
  stock: Map<number, number>;
  freezer: Map<number, number>;
  event: { type: OrderEventType; actorId: number; data: OrderEventInput };
}

export type CreateOrderResult =
  | { orderId: number; eventId: number }
  | { short: "stock" | "freezer"; productId: number };

const snakeCase = (row: object) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));

/**
 * The order, its lines, its stock and freezer takes and its event in one statement (the
 * `create_order` function): whole, or rolled back with the first product that did not fit.
 */
export async function createOrder(db: Executor, order: NewOrder): Promise<CreateOrderResult> {
  try {
    const [row] = rowsOf<{ order_id: number; event_id: number }>(
      await db.execute(sql`select order_id, event_id from create_order(
        ${JSON.stringify(snakeCase(order.order))}::jsonb, ${JSON.stringify(order.lines.map(snakeCase))}::jsonb,
        ${changesJson(order.stock)}::jsonb, ${changesJson(order.freezer)}::jsonb,
        ${JSON.stringify({ type: order.event.type, actor_id: order.event.actorId, data: order.event.data })}::jsonb)`),
    );
    return { orderId: Number(row!.order_id), eventId: Number(row!.event_id) };
  } catch (error) {
    const refused = databaseError(error);
    if (refused?.message === "stock_short" || refused?.message === "freezer_short") {
      return { short: refused.message === "stock_short" ? "stock" : "freezer", productId: Number(refused.detail) };
    }
    throw error;
  }
}

export async function replaceLines(db: Executor, orderId: number, values: Partial<OrderInsert>, lines: DetailInsert[]) {
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await db.delete(orderDetails).where(eq(orderDetails.orderId, orderId));
  await db.insert(orderDetails).values(lines.map((line) => ({ ...line, orderId })));
}

export async function findOrderByKey(db: Executor, sellerId: number, key: string): Promise<KeyedOrder | null> {
  const [row] = await db
    .select({ id: orders.id, fingerprint: orders.idempotencyFingerprint })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/** The order row locked for the rest of the transaction, so two changes to it serialise. */
export async function lockOrder(db: Executor, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("update");
  return row ?? null;
}

export const linesOf = (db: Executor, orderId: number) =>
  db.select().from(orderDetails).where(eq(orderDetails.orderId, orderId)).orderBy(asc(orderDetails.id));

/** A weighed order's lines (real weight, price) and its amounts, as the caller re-priced them. */
export async function saveWeights(
  db: Executor,
  orderId: number,
  lines: { id: number; picked: string | null; total: string }[],
  amounts: { totalPrice: string; finalPrice: string; totalWeight: string; statusId: number },
) {
  if (lines.length)
    await db.execute(sql`
      update ${orderDetails} d set picked_weight = v.picked, total_price = v.total
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as v(id integer, picked numeric, total numeric)
      where d.id = v.id and d.order_id = ${orderId}`);
  await db
    .update(orders)
    .set({ ...amounts, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

export async function setStatus(db: Executor, id: number, statusId: number) {
  await db.update(orders).set({ statusId, updatedAt: new Date() }).where(eq(orders.id, id));
}

export interface OrderListFilter {
  search: string;
  statusIds?: number[];
  hideStatus?: number;
  hasFv?: boolean;
  modified?: boolean;
  deliveryDate?: string;
}

function orderMatches(filter: OrderListFilter) {
  const term = normalizeSearch(filter.search);
  const id = idSearched(term);
  const conditions: (SQL | undefined)[] = [
    term ? or(ilike(clients.searchName, containing(term)), id !== null ? eq(orders.id, id) : undefined) : undefined,
    filter.statusIds?.length ? inIds(orders.statusId, filter.statusIds) : undefined,
    filter.hideStatus ? ne(orders.statusId, filter.hideStatus) : undefined,
    filter.hasFv === undefined ? undefined : eq(orders.hasFv, filter.hasFv),
    filter.modified === undefined
      ? undefined
      : filter.modified
        ? isNotNull(orders.alterDate)
        : isNull(orders.alterDate),
    filter.deliveryDate ? eq(orders.deliveryDate, filter.deliveryDate) : undefined,
  ];
  return and(...conditions);
}

/** Rows of /orders as the database builds them (`order_row`), newest first. */
export function listOrders(db: Executor, filter: OrderListFilter & { limit: number; offset?: number }) {
  return ordersWithClient(db, { row: orderRow })
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .leftJoin(payMethods, eq(payMethods.id, orders.payMethodId))
    .leftJoin(users, eq(users.id, orders.sellerId))
    .where(orderMatches(filter))
    .orderBy(desc(orders.id))
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
}

/** The search reads the client's name: the count joins clients as the list does. */
export async function countOrders(db: Executor, filter: OrderListFilter) {
  const [row] = await ordersWithClient(db, { n: count() }).where(orderMatches(filter));
  return row!.n;
}

export const listStatuses = (db: Executor) => db.select().from(orderStatuses).orderBy(asc(orderStatuses.id));

export async function orderWithNames(db: Executor, id: number) {
  const [row] = await ordersWithClient(db, {
    order: orders,
    clientName: clients.name,
    zone: shipments.name,
    cityName: cities.name,
    payMethod: payMethods.name,
    timeSlot: timesShipping.name,
    statusName: orderStatuses.name,
    clientPhone: clients.phone,
    // The reading of its last delivery, when the cold chain was recorded (issue 41).
    delivery: sql<{ temperature_c: string | null; temperature_note: string | null } | null>`(
      select json_build_object('temperature_c', s.temperature_c::text, 'temperature_note', s.temperature_note)
      from courier_stops s where s.order_id = ${orders.id} and s.state = 'entregado' order by s.id desc limit 1)`,
    sellerName: sql<
      string | null
    >`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`,
  })
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .leftJoin(users, eq(users.id, orders.sellerId))
    .leftJoin(shipments, eq(shipments.id, orders.shipmentId))
    .leftJoin(cities, eq(cities.id, orders.cityId))
    .leftJoin(payMethods, eq(payMethods.id, orders.payMethodId))
    .leftJoin(timesShipping, eq(timesShipping.id, orders.timesShippingId))
    .where(eq(orders.id, id));
  return row ?? null;
}

export const linesWithNames = (db: Executor, orderId: number) =>
  db
    .select({
      line: orderDetails,
      name: products.name,
      requiresWeighing: products.requiresWeighing,
      tolerancePct: products.weightTolerancePct,
    })
    .from(orderDetails)
    .innerJoin(products, eq(products.id, orderDetails.productId))
    .where(eq(orderDetails.orderId, orderId))
    .orderBy(asc(orderDetails.id));

/**
 * The client's newest order that was not cancelled. The client's rows are read first
 * (orders_client_idx, materialized) and then sorted: asked plainly, the planner walks
 * create_date backwards through every order, which for a client with none takes the table.
 */
export async function lastOrderOf(db: Executor, clientId: number) {
  const [row] = rowsOf<{ id: number; create_date: string | Date }>(
    await db.execute(sql`
      with own as materialized (select id, create_date from ${orders} where client_id = ${clientId} and status_id <> ${STATUS.cancelled})
      select id, create_date from own order by create_date desc, id desc limit 1`),
  );
  return row ? { id: Number(row.id), createDate: new Date(row.create_date) } : null;
}

/** The facts domain/order-history.ts words an event with, not the rows the event carries for the screens. */
const HISTORY_FACTS = ["from", "status_id", "undo", "courier", "reset", "state", "undone", "reason", "notes"] as const;
const historyFacts = sql<HistoryFacts>`jsonb_build_object(${sql.raw(
  HISTORY_FACTS.map((key) => `'${key}', order_events.data -> '${key}'`).join(", "),
)})`;

export const historyOf = (db: Executor, orderId: number) =>
  db
    .select({
      id: orderEvents.id,
      type: orderEvents.type,
      at: orderEvents.at,
      actor: users.username,
      facts: historyFacts,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));

export const listTimeSlots = (db: Executor) => db.select().from(timesShipping).orderBy(asc(timesShipping.id));
export const listPayMethods = (db: Executor) => db.select().from(payMethods).orderBy(asc(payMethods.id));
