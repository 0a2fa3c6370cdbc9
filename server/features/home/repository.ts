import { and, eq, gte, lt, ne, or, sql } from "drizzle-orm";
import { STATUS } from "@domain/order-status";
import { orders } from "../../../drizzle/schema";
import { decimalText } from "../../db/conditions";
import type { Executor } from "../../db/types";

/** Midnight in Buenos Aires starting an ISO date, as a timestamptz the create_date index can range over. */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'America/Argentina/Buenos_Aires')`;
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
      salesToday: decimalText(sql`sum(${orders.finalPrice}) filter (where ${isToday})`),
      ordersLastWeek: sql<number>`(count(*) filter (where not ${isToday}))::int`,
      salesLastWeek: decimalText(sql`sum(${orders.finalPrice}) filter (where not ${isToday})`),
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
    .select({ date: day, orders: sql<number>`count(*)::int`, sales: decimalText(sql`sum(${orders.finalPrice})`) })
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
