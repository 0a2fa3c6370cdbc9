import { sql } from "drizzle-orm";
import { settings } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";
import { rowsOf } from "../../db/rows";

const KEY = "deploy_running_since";
// A deploy whose worker died never clears its mark: after this long it no longer blocks.
const STALE_AFTER = "30 minutes";

/** Takes the one deploy slot; false when another deploy is running. */
export async function claimDeploy(db: Executor): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into ${settings} (key, value, updated_at) values (${KEY}, to_jsonb(now()), now())
      on conflict (key) do update set value = to_jsonb(now()), updated_at = now()
        where ${settings}.value = 'null'::jsonb or ${settings}.updated_at < now() - ${STALE_AFTER}::interval
      returning key`),
  );
  return rows.length === 1;
}

export async function finishDeploy(db: Executor) {
  await db.execute(sql`update ${settings} set value = 'null'::jsonb, updated_at = now() where key = ${KEY}`);
}
