import { sql } from "drizzle-orm";
import { rowsOf } from "../../server/db/rows";
import type { Executor } from "../../server/db/types";

/**
 * Issue 42's invariant, read straight from the tables: every lot's remaining is what it received
 * (the sum of its receipts) less what order lines hold of it, and none is below zero. Returns the lots that break it (none),
 * and the product's totals: received, remaining and taken, in grams.
 */
export async function lotInvariant(db: Executor, productId: number) {
  const rows = rowsOf<{ id: number; received: string; remaining: string; taken: string; receipts: string }>(
    await db.execute(sql`
      select l.id, l.received::text as received, l.remaining::text as remaining,
             coalesce((select sum(t.quantity) from order_detail_lots t where t.lot_id = l.id), 0)::text as taken,
             coalesce((select sum(r.quantity) from lot_receipts r where r.lot_id = l.id), 0)::text as receipts
      from lots l where l.product_id = ${productId} order by l.id`),
  );
  const grams = (text: string) => Math.round(Number(text) * 1000);
  const broken = rows.filter(
    (r) =>
      grams(r.remaining) < 0 ||
      grams(r.remaining) !== grams(r.received) - grams(r.taken) ||
      grams(r.received) !== grams(r.receipts),
  );
  const sum = (key: "received" | "remaining" | "taken") => rows.reduce((s, r) => s + grams(r[key]), 0);
  return { broken, received: sum("received"), remaining: sum("remaining"), taken: sum("taken") };
}

/** Sets a lot's expiry behind the API's back: receiving refuses a past date, time does not. */
export async function setExpiry(db: Executor, lotId: number, expiry: string) {
  await db.execute(sql`update lots set expiry = ${expiry}::date where id = ${lotId}`);
}
