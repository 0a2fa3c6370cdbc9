import { eq } from "drizzle-orm";
import { COLD_CHAIN_DEFAULT, type ColdChainSetting } from "@domain/cold-chain";
import { settings } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

/** The cold-chain setting's row in `settings`: written by the Admin's settings, read by the courier's 'Entregado'. */
const KEY = "cold_chain";

export async function readColdChain(db: Executor): Promise<ColdChainSetting> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return { ...COLD_CHAIN_DEFAULT, ...((row?.value as Partial<ColdChainSetting> | undefined) ?? {}) };
}

export async function writeColdChain(db: Executor, value: ColdChainSetting) {
  await db
    .insert(settings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
