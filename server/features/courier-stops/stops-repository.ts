import { and, eq, inArray } from "drizzle-orm";
import { courierLinks, courierStops, groups, orders, payMethods, users } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

/** The active Cadete linked to a column, if any: a deactivated user's phone reads nothing. */
export async function linkedUser(db: Executor, column: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: courierLinks.userId })
    .from(courierLinks)
    .innerJoin(users, eq(users.id, courierLinks.userId))
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(and(eq(courierLinks.column, column), eq(groups.name, "Cadete"), eq(users.isActive, true)));
  return row?.userId ?? null;
}

export interface NewStop {
  orderId: number;
  column: number;
  userId: number | null;
  deliveryDate: string;
  position: number;
  amountDue: string | null;
}

export async function insertStops(tx: Executor, stops: NewStop[]) {
  if (stops.length) await tx.insert(courierStops).values(stops);
}

/** The orders' pay method names and prices, to know what each stop collects. */
export const paymentOf = (db: Executor, orderIds: number[]) =>
  db
    .select({ orderId: orders.id, finalPrice: orders.finalPrice, payMethod: payMethods.name })
    .from(orders)
    .leftJoin(payMethods, eq(payMethods.id, orders.payMethodId))
    .where(inArray(orders.id, orderIds));

/** The pending stop of an order, locked for the change. */
export async function lockOpenStop(tx: Executor, orderId: number) {
  const [row] = await tx
    .select()
    .from(courierStops)
    .where(and(eq(courierStops.orderId, orderId), eq(courierStops.state, "pendiente")))
    .for("update");
  return row ?? null;
}

export async function closeStop(
  tx: Executor,
  stopId: number,
  change: {
    state: "entregado" | "no_entregado";
    closedBy: number;
    amountReceived?: string | null;
    photo?: string | null;
    reason?: string | null;
    reasonText?: string | null;
    temperatureC?: string | null;
    temperatureNote?: string | null;
  },
) {
  await tx
    .update(courierStops)
    .set({ ...change, closedAt: new Date() })
    .where(eq(courierStops.id, stopId));
}

export type StopRow = typeof courierStops.$inferSelect;
