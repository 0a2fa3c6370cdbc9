import { sql } from "drizzle-orm";
import { groups } from "../schema";
import type { Database } from "../../server/db/types";
export async function seedReference(db: Database) {
  await db.insert(groups).values([{ id: 1, name: "Admin" }, { id: 2, name: "Vendedor" }, { id: 3, name: "Preparador" }, { id: 4, name: "Despachante" }]).onConflictDoNothing();
  await db.execute(sql`select setval('groups_id_seq', 4)`);
}
export async function seedDemo(_db: Database, _o: { sellerIds: number[] }) {}
