import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { bonusClients, orderClaims, productClaims, products } from "../../../drizzle/schema";
import { CLAIM_TYPES } from "@domain/contracts/claims";
import type { Executor } from "../../db/types";

/** A bonus or an order claim (SPEC.md §2); the product claim lives in its own table. */
const TABLES = { [CLAIM_TYPES.bonus]: bonusClients, [CLAIM_TYPES.orderClaim]: orderClaims } as const;
export type SimpleClaimType = keyof typeof TABLES;

export async function activeClaim(db: Executor, type: SimpleClaimType, clientId: number) {
  const table = TABLES[type];
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.clientId, clientId), isNull(table.nullDate)))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(1);
  return row ?? null;
}

export async function activeProductClaim(db: Executor, clientId: number, productId: number) {
  const [row] = await db
    .select()
    .from(productClaims)
    .where(
      and(eq(productClaims.clientId, clientId), eq(productClaims.productId, productId), isNull(productClaims.nullDate)),
    )
    .orderBy(desc(productClaims.createdAt), desc(productClaims.id))
    .limit(1);
  return row ?? null;
}

/** One active value per type: the new one replaces the old, which stays in history. */
export async function replaceClaim(db: Executor, type: SimpleClaimType, clientId: number, description: string) {
  const table = TABLES[type];
  await db
    .update(table)
    .set({ nullDate: new Date() })
    .where(and(eq(table.clientId, clientId), isNull(table.nullDate)));
  if (description) await db.insert(table).values({ clientId, description });
}

export async function replaceProductClaim(db: Executor, clientId: number, productId: number, description: string) {
  await db
    .update(productClaims)
    .set({ nullDate: new Date() })
    .where(
      and(eq(productClaims.clientId, clientId), eq(productClaims.productId, productId), isNull(productClaims.nullDate)),
    );
  await db.insert(productClaims).values({ clientId, productId, description });
}

export async function activeClaimsOf(db: Executor, clientId: number) {
  const list = (type: SimpleClaimType) => {
    const table = TABLES[type];
    return db
      .select({ id: table.id, description: table.description })
      .from(table)
      .where(and(eq(table.clientId, clientId), isNull(table.nullDate)))
      .orderBy(asc(table.id));
  };
  const [bonuses, orderClaimRows, productClaimRows] = await Promise.all([
    list(1),
    list(2),
    db
      .select({
        id: productClaims.id,
        description: productClaims.description,
        product_id: productClaims.productId,
        product_name: products.name,
      })
      .from(productClaims)
      .innerJoin(products, eq(products.id, productClaims.productId))
      .where(and(eq(productClaims.clientId, clientId), isNull(productClaims.nullDate)))
      .orderBy(asc(productClaims.id)),
  ]);
  return { bonuses, order_claims: orderClaimRows, product_claims: productClaimRows };
}
