import { and, count, eq, Param, sql } from "drizzle-orm";
import { MAX_COURIER_COLUMN } from "@domain/contracts/boards";
import { courierStops, orders, preparationBatches } from "../../../drizzle/schema";
import { decimalText, inIds } from "../../db/conditions";
import type { Executor } from "../../db/types";

/** What the boards hold on a day, as the home screen counts it. */

/** Count and weight of the orders delivered on a date in some statuses. */
export async function ordersDueOn(db: Executor, date: string, statusIds: readonly number[]) {
  const [row] = await db
    .select({ orders: count(), weight: decimalText(sql`sum(${orders.totalWeight})`) })
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
const COLUMNS = Array.from({ length: MAX_COURIER_COLUMN }, (_, i) => i + 1);

/** Stops of a delivery date per state: every courier's (by column), or one courier's (courier_stops_user_day_idx). */
export const stopCountsOn = (db: Executor, date: string, userId?: number) =>
  db
    .select({ state: courierStops.state, stops: count(), due: decimalText(sql`sum(${courierStops.amountDue})`) })
    .from(courierStops)
    .where(
      and(
        eq(courierStops.deliveryDate, date),
        userId === undefined ? inIds(courierStops.column, COLUMNS) : eq(courierStops.userId, userId),
      ),
    )
    .groupBy(courierStops.state);
