import { eq, sql } from "drizzle-orm";
import type { Placement } from "@domain/dispatch";
import { STATUS } from "@domain/order-status";
import { courierAssignments, orders } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

/** Every Armado order with its stored placement, if it has one yet. */
export const preparedPlacements = (db: Executor) =>
  db
    .select({
      orderId: orders.id,
      deliveryDate: orders.deliveryDate,
      courier: courierAssignments.courier,
      position: courierAssignments.position,
      version: courierAssignments.version,
    })
    .from(orders)
    .leftJoin(courierAssignments, eq(courierAssignments.orderId, orders.id))
    .where(eq(orders.statusId, STATUS.prepared));

/** Writes placements; only the moved order's version goes up, so other cards' drops stay valid. */
export async function writePlacements(tx: Executor, placements: Placement[], movedId: number | null) {
  if (!placements.length) return;
  await tx
    .insert(courierAssignments)
    .values(placements.map((p) => ({ ...p, version: p.orderId === movedId ? 1 : 0, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: courierAssignments.orderId,
      set: {
        courier: sql`excluded.courier`,
        position: sql`excluded.position`,
        version: sql`${courierAssignments.version} + excluded.version`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
