import { eq } from "drizzle-orm";
import { shipments } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

/** The zone's name and price, locked until the transaction ends so before and after agree. */
export async function lockShipment(db: Executor, zoneId: number) {
  const [row] = await db
    .select({ name: shipments.name, price: shipments.price })
    .from(shipments)
    .where(eq(shipments.id, zoneId))
    .for("update");
  return row ?? null;
}

export async function updateShippingPrice(db: Executor, zoneId: number, price: string) {
  const [row] = await db
    .update(shipments)
    .set({ price })
    .where(eq(shipments.id, zoneId))
    .returning({ name: shipments.name, price: shipments.price });
  return row!;
}
