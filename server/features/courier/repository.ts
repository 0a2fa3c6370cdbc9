import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  cities,
  clients,
  courierLinks,
  courierPositions,
  courierStops,
  groups,
  orders,
  payMethods,
  timesShipping,
  users,
} from "../../../drizzle/schema";
import type { Executor } from "../../db/types";
import { ordersWithClient } from "../order-read-model";

const displayName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

/** Active users of the Cadete group, for the board's column select. */
export const activeCadetes = (db: Executor) =>
  db
    .select({ id: users.id, display_name: displayName })
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(and(eq(groups.name, "Cadete"), eq(users.isActive, true)))
    .orderBy(asc(users.id));

export const links = (db: Executor) =>
  db
    .select({ column: courierLinks.column, userId: courierLinks.userId, display_name: displayName })
    .from(courierLinks)
    .leftJoin(users, eq(users.id, courierLinks.userId));

/** Links a column to a user (or none); the user leaves any other column first. */
export async function writeLink(tx: Executor, column: number, userId: number | null) {
  if (userId !== null)
    await tx.update(courierLinks).set({ userId: null, updatedAt: new Date() }).where(eq(courierLinks.userId, userId));
  await tx
    .insert(courierLinks)
    .values({ column, userId, updatedAt: new Date() })
    .onConflictDoUpdate({ target: courierLinks.column, set: { userId, updatedAt: new Date() } });
}

/** The column's pending stops follow its new courier; returns the couriers they left. */
export async function moveOpenStops(tx: Executor, column: number, userId: number | null) {
  const moved = await tx
    .update(courierStops)
    .set({ userId })
    .where(and(eq(courierStops.column, column), eq(courierStops.state, "pendiente")))
    .returning({ userId: courierStops.userId });
  return moved;
}

/** The order's latest stop (its last sending), locked: only its mark can be undone. */
export async function lockLastStop(tx: Executor, orderId: number) {
  const [row] = await tx
    .select()
    .from(courierStops)
    .where(eq(courierStops.orderId, orderId))
    .orderBy(desc(courierStops.id))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** Undoing a mark: the stop is pending again, as it was before the mark. */
export async function reopenStop(tx: Executor, stopId: number) {
  await tx
    .update(courierStops)
    .set({
      state: "pendiente",
      closedAt: null,
      closedBy: null,
      amountReceived: null,
      photo: null,
      temperatureC: null,
      temperatureNote: null,
      reason: null,
      reasonText: null,
    })
    .where(eq(courierStops.id, stopId));
}

export const stopById = async (db: Executor, id: number) =>
  (await db.select().from(courierStops).where(eq(courierStops.id, id)))[0] ?? null;

/** What both the phone and the board read of a stop itself. */
const stopColumns = {
  id: courierStops.id,
  orderId: courierStops.orderId,
  position: courierStops.position,
  sentAt: courierStops.sentAt,
  state: courierStops.state,
  amountDue: courierStops.amountDue,
  amountReceived: courierStops.amountReceived,
  photo: courierStops.photo,
  reason: courierStops.reason,
  closedAt: courierStops.closedAt,
  closedBy: courierStops.closedBy,
};

/** Everything the courier's phone shows of each stop. */
export const courierStopRows = (
  db: Executor,
  filter: ({ userId: number } | { column: number; state: string }) & { deliveryDate: string },
) =>
  ordersWithClient(db, {
    ...stopColumns,
    reasonText: courierStops.reasonText,
    temperatureC: courierStops.temperatureC,
    temperatureNote: courierStops.temperatureNote,
    clientName: clients.name,
    phone: clients.phone,
    address: orders.address,
    city: cities.name,
    latitude: orders.latitude,
    longitude: orders.longitude,
    timeSlot: timesShipping.name,
    payMethod: payMethods.name,
    finalPrice: orders.finalPrice,
    itemCount: orders.distinctProducts,
    totalWeight: orders.totalWeight,
    notes: orders.notes,
  })
    .innerJoin(courierStops, eq(courierStops.orderId, orders.id))
    .leftJoin(cities, eq(cities.id, orders.cityId))
    .leftJoin(timesShipping, eq(timesShipping.id, orders.timesShippingId))
    .leftJoin(payMethods, eq(payMethods.id, orders.payMethodId))
    .where(
      and(
        "userId" in filter
          ? eq(courierStops.userId, filter.userId)
          : and(eq(courierStops.column, filter.column), eq(courierStops.state, filter.state)),
        eq(courierStops.deliveryDate, filter.deliveryDate),
      ),
    );
export type CourierStopRow = Awaited<ReturnType<typeof courierStopRows>>[number];

/** The stops of the day under each column of the board (or every date). */
export const boardStopRows = (db: Executor, deliveryDate?: string) =>
  ordersWithClient(db, {
    ...stopColumns,
    column: courierStops.column,
    userId: courierStops.userId,
    clientName: clients.name,
  })
    .innerJoin(courierStops, eq(courierStops.orderId, orders.id))
    .where(deliveryDate ? eq(courierStops.deliveryDate, deliveryDate) : undefined);

export async function columnHasOpenStops(db: Executor, column: number) {
  const [row] = await db
    .select({ id: courierStops.id })
    .from(courierStops)
    .where(and(eq(courierStops.column, column), eq(courierStops.state, "pendiente")))
    .limit(1);
  return !!row;
}

export async function hasOpenStops(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: courierStops.id })
    .from(courierStops)
    .where(and(eq(courierStops.userId, userId), eq(courierStops.state, "pendiente")))
    .limit(1);
  return !!row;
}

export const lastPosition = async (db: Executor, userId: number) =>
  (await db.select().from(courierPositions).where(eq(courierPositions.userId, userId)))[0] ?? null;

export const positionsOf = (db: Executor, userIds: number[]) =>
  userIds.length
    ? db.select().from(courierPositions).where(inArray(courierPositions.userId, userIds))
    : Promise.resolve([]);

export async function writePosition(
  db: Executor,
  position: { userId: number; latitude: string; longitude: string; accuracy: number | null; at: Date },
) {
  await db
    .insert(courierPositions)
    .values(position)
    .onConflictDoUpdate({
      target: courierPositions.userId,
      set: { latitude: position.latitude, longitude: position.longitude, accuracy: position.accuracy, at: position.at },
    });
}

/** Each courier's stops of the day (or of a range), for the cash report. */
export const cashStopRows = (db: Executor, range: { from: string; to: string }) =>
  db
    .select({
      userId: courierStops.userId,
      courier: sql<string | null>`${displayName}`,
      deliveryDate: courierStops.deliveryDate,
      state: courierStops.state,
      amountDue: courierStops.amountDue,
      amountReceived: courierStops.amountReceived,
    })
    .from(courierStops)
    .leftJoin(users, eq(users.id, courierStops.userId))
    .where(sql`${courierStops.deliveryDate} between ${range.from} and ${range.to}`);
