import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { clients, products, virtualFreezerItems } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

export async function freezerItems(db: Executor, clientId: number) {
  return db
    .select({
      productId: virtualFreezerItems.productId,
      name: products.name,
      quantity: virtualFreezerItems.quantity,
      type: virtualFreezerItems.type,
    })
    .from(virtualFreezerItems)
    .innerJoin(products, eq(products.id, virtualFreezerItems.productId))
    .where(and(eq(virtualFreezerItems.clientId, clientId), sql`${virtualFreezerItems.quantity} > 0`))
    .orderBy(asc(products.searchName));
}

export async function replaceFreezerItems(
  db: Executor,
  clientId: number,
  items: { productId: number; quantity: string; type: string }[],
) {
  await db.delete(virtualFreezerItems).where(eq(virtualFreezerItems.clientId, clientId));
  if (items.length) await db.insert(virtualFreezerItems).values(items.map((item) => ({ clientId, ...item })));
}

export async function setFreezerFlag(db: Executor, clientId: number, on: boolean) {
  const [row] = await db
    .update(clients)
    .set({
      hasVirtualFreezer: on,
      category: on ? "Freezer Virtual" : "Normal",
      updatedAt: new Date(),
      version: sql`${clients.version} + 1`,
    })
    .where(and(eq(clients.id, clientId), isNull(clients.nullDate)))
    .returning({ id: clients.id });
  return row ?? null;
}

/**
 * The client's freezer switch and balance as the audit trail records them, the client row
 * locked so two saves serialise and each one's "before" is the other's "after".
 */
export async function lockFreezer(db: Executor, clientId: number) {
  const [client] = await db
    .select({ name: clients.name, on: clients.hasVirtualFreezer })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.nullDate)))
    .for("update");
  if (!client) return null;
  const items = await db
    .select({
      product_id: virtualFreezerItems.productId,
      quantity: virtualFreezerItems.quantity,
      type: virtualFreezerItems.type,
    })
    .from(virtualFreezerItems)
    .where(and(eq(virtualFreezerItems.clientId, clientId), sql`${virtualFreezerItems.quantity} > 0`))
    .orderBy(asc(virtualFreezerItems.productId));
  return { client: client.name, has_virtual_freezer: client.on, items };
}
