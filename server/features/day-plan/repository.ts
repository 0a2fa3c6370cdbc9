import { and, asc, desc, eq, gt, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { PICKUP_ZONE_ID } from "@domain/delivery-rules";
import { STATUS } from "@domain/order-status";
import {
  clients,
  courierAssignments,
  courierLinks,
  dayPlans,
  fleetCouriers,
  orders,
  settings,
  timesShipping,
} from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

/** Statuses an order may be planned in: not yet sent (issue 43). */
const PLANNED_STATUSES = [STATUS.confirmed, STATUS.pending, STATUS.prepared];

const FLEET_SETTING = "fleet";

export const fleetRows = (db: Executor) => db.select().from(fleetCouriers).orderBy(asc(fleetCouriers.column));

export const courierLinkRows = (db: Executor) =>
  db.select({ column: courierLinks.column, userId: courierLinks.userId }).from(courierLinks);

export async function writeFleetCourier(db: Executor, row: typeof fleetCouriers.$inferInsert) {
  await db
    .insert(fleetCouriers)
    .values(row)
    .onConflictDoUpdate({ target: fleetCouriers.column, set: { ...row, updatedAt: new Date() } });
}

export async function fleetSetting(db: Executor): Promise<{ speed_kmh?: number; service_minutes?: number }> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, FLEET_SETTING));
  return (row?.value as { speed_kmh?: number; service_minutes?: number }) ?? {};
}

export async function writeFleetSetting(db: Executor, value: { speed_kmh: number; service_minutes: number }) {
  await db
    .insert(settings)
    .values({ key: FLEET_SETTING, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Delivery slots, the placeholder (SPEC.md §9: id 1) left out. */
export const slotRows = (db: Executor) =>
  db
    .select({
      id: timesShipping.id,
      name: timesShipping.name,
      start: timesShipping.startMinute,
      end: timesShipping.endMinute,
    })
    .from(timesShipping)
    .where(gt(timesShipping.id, 1))
    .orderBy(asc(timesShipping.id));

export async function writeSlotHours(db: Executor, id: number, start: number | null, end: number | null) {
  const rows = await db
    .update(timesShipping)
    .set({ startMinute: start, endMinute: end })
    .where(and(eq(timesShipping.id, id), gt(timesShipping.id, 1)))
    .returning({ id: timesShipping.id });
  return rows.length > 0;
}

/**
 * The orders a plan of the date covers: open (Confirmado, Pendiente or Armado), delivered (not a
 * pick-up), with their placement on the board; by id.
 */
export const plannedOrders = (db: Executor, deliveryDate: string) =>
  db
    .select({
      id: orders.id,
      statusId: orders.statusId,
      latitude: orders.latitude,
      longitude: orders.longitude,
      totalWeight: orders.totalWeight,
      slotId: orders.timesShippingId,
      clientName: clients.name,
      address: orders.address,
      courier: courierAssignments.courier,
      position: courierAssignments.position,
      version: courierAssignments.version,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(courierAssignments, eq(courierAssignments.orderId, orders.id))
    .where(
      and(
        eq(orders.deliveryDate, deliveryDate),
        inArray(orders.statusId, PLANNED_STATUSES),
        ne(sql`coalesce(${orders.shipmentId}, 0)`, PICKUP_ZONE_ID),
      ),
    )
    .orderBy(asc(orders.id));

export async function insertDayPlan(db: Executor, values: typeof dayPlans.$inferInsert) {
  const [row] = await db.insert(dayPlans).values(values).returning();
  return row!;
}

export async function findDayPlan(db: Executor, id: string) {
  const [row] = await db.select().from(dayPlans).where(eq(dayPlans.id, id));
  return row ?? null;
}

export async function updateDayPlan(db: Executor, id: string, values: Partial<typeof dayPlans.$inferInsert>) {
  await db.update(dayPlans).set(values).where(eq(dayPlans.id, id));
}

/** Every placement on the board (all dates), to lay the planned columns over. */
export const allPlacements = (db: Executor) =>
  db
    .select({
      orderId: courierAssignments.orderId,
      courier: courierAssignments.courier,
      position: courierAssignments.position,
    })
    .from(courierAssignments);

/** Writes placements as given; each written card's version goes up, so a drop made before the plan is refused. */
export async function writePlanPlacements(
  tx: Executor,
  placements: { orderId: number; courier: number; position: number }[],
) {
  if (!placements.length) return;
  await tx
    .insert(courierAssignments)
    .values(placements.map((p) => ({ ...p, version: 1, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: courierAssignments.orderId,
      set: {
        courier: sql`excluded.courier`,
        position: sql`excluded.position`,
        version: sql`${courierAssignments.version} + 1`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The plan last laid on the date's board, if any: the board groups each column's cards by its trips. */
export async function lastAppliedPlan(db: Executor, deliveryDate: string) {
  const [row] = await db
    .select()
    .from(dayPlans)
    .where(and(eq(dayPlans.deliveryDate, deliveryDate), isNotNull(dayPlans.appliedAt)))
    .orderBy(desc(dayPlans.appliedAt))
    .limit(1);
  return row ?? null;
}
