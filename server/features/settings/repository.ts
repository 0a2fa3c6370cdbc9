import { eq } from "drizzle-orm";
import { shipments } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

export async function updateShippingPrice(db: Executor, zoneId: number, price: string) {
  const rows = await db.update(shipments).set({ price }).where(eq(shipments.id, zoneId)).returning({ id: shipments.id });
  return rows.length > 0;
}
