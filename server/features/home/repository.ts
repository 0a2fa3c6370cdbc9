import { and, count, eq, gte, lt, ne, or, Param, sql, type SQL } from "drizzle-orm";
import { STATUS } from "../../../domain/order-status";
import { courierStops, orders, preparationBatches } from "../../../drizzle/schema";
import { inIds } from "../../db/conditions";
import type { Executor } from "../../db/types";

/** Midnight in Buenos Aires starting an ISO date, as a timestamptz the create_date index can range over. */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'America/Argentina/Buenos_Aires')`;
const money = (value: SQL) => sql<string>`coalesce(${value}, 0)::text`;
const notCancelled = ne(orders.statusId, STATUS.cancelled);
/** Two statement shapes, everyone's and one seller's, so each uses its own index (create_date, or seller + create_date). */
const bySeller = (sellerId: number | null) => (sellerId === null ? undefined : eq(orders.sellerId, sellerId));

export interface SalesWindow {
  today: string;
  tomorrow: string;
  /** Today's date a week ago. */
  lastWeek: string;
  /** The same instant a week ago: last week's day is counted up to here. */
  lastWeekUntil: Date;
}

/** Orders and sales (Final_Price) of non-cancelled orders created today, and last week's same day up to the same time. */
export async function salesOfToday(db: Executor, window: SalesWindow, sellerId: number | null) {
  const isToday = and(
    gte(orders.createDate, dayStart(window.today)),
    lt(orders.createDate, dayStart(window.tomorrow)),
  )!;
  const [row] = await db
    .select({
      ordersToday: sql<number>`(count(*) filter (where ${isToday}))::int`,
      salesToday: money(sql`sum(${orders.finalPrice}) filter (where ${isToday})`),
      ordersLastWeek: sql<number>`(count(*) filter (where not ${isToday}))::int`,
      salesLastWeek: money(sql`sum(${orders.finalPrice}) filter (where not ${isToday})`),
    })
    .from(orders)
    .where(
      and(
        notCancelled,
        bySeller(sellerId),
        or(
          isToday,
          and(
            gte(orders.createDate, dayStart(window.lastWeek)),
            lt(orders.createDate, sql`${window.lastWeekUntil.toISOString()}::timestamptz`),
          ),
        ),
      ),
    );
  return row!;
}

/** Orders and sales per Buenos Aires day in [from, until). */
export const dailySales = (db: Executor, range: { from: string; until: string }, sellerId: number | null) => {
  const day = sql<string>`((${orders.createDate} at time zone 'America/Argentina/Buenos_Aires')::date)::text`;
  return db
    .select({ date: day, orders: sql<number>`count(*)::int`, sales: money(sql`sum(${orders.finalPrice})`) })
    .from(orders)
    .where(
      and(
        notCancelled,
        bySeller(sellerId),
        gte(orders.createDate, dayStart(range.from)),
        lt(orders.createDate, dayStart(range.until)),
      ),
    )
    .groupBy(day);
};

/** Count and weight of the orders delivered on a date in some statuses. */
export async function ordersDueOn(db: Executor, date: string, statusIds: readonly number[]) {
  const [row] = await db
    .select({ orders: count(), weight: sql<string>`coalesce(sum(${orders.totalWeight}), 0)::text` })
    .from(orders)
    .where(and(eq(orders.deliveryDate, date), inIds(orders.statusId, statusIds)));
  return row!;
}

/** Orders of a delivery date per status. */
export const statusCountsOn = (db: Executor, date: string) =>
  db
    .select({ statusId: orders.statusId, orders: count() })
    .from(orders)
    .where(eq(orders.deliveryDate, date))
    .groupBy(orders.statusId);

/**
 * Stored batches of a date still holding an order in preparation: an order prepared since
 * the last sweep leaves its batch at once, as the board shows it.
 */
export async function batchesLeftOn(db: Executor, date: string, statusIds: readonly number[]) {
  const [row] = await db
    .select({ batches: count() })
    .from(preparationBatches)
    .where(
      and(
        eq(preparationBatches.deliveryDate, date),
        sql`exists (select 1 from jsonb_array_elements_text(${preparationBatches.orderIds}) held(order_id)
          join ${orders} o on o.id = held.order_id::int where o.status_id = any(${new Param([...statusIds])}::int[]))`,
      ),
    );
  return row!.batches;
}

/** The board's courier columns: naming them lets the dispatch count range over courier_stops_column_day_idx. */
const COLUMNS = [1, 2, 3];

/** Stops of a delivery date per state: every courier's (by column), or one courier's (courier_stops_user_day_idx). */
export const stopCountsOn = (db: Executor, date: string, userId?: number) =>
  db
    .select({ state: courierStops.state, stops: count(), due: money(sql`sum(${courierStops.amountDue})`) })
    .from(courierStops)
    .where(
      and(
        eq(courierStops.deliveryDate, date),
        userId === undefined ? inIds(courierStops.column, COLUMNS) : eq(courierStops.userId, userId),
      ),
    )
    .groupBy(courierStops.state);
