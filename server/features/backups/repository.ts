import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { BackupFailure, BackupRecord } from "@domain/contracts/backups";
import { settings } from "../../../drizzle/schema";
import { rowsOf } from "../../db/rows";
import type { Executor } from "../../db/types";

const LAST = "backup.last";
const FAILURE = "backup.failure";
const CLAIM = "backup.scheduled_claim";

async function read<T>(db: Executor, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const parsed = row ? schema.safeParse(row.value) : null;
  return parsed?.success ? parsed.data : null;
}

const write = (db: Executor, key: string, value: unknown) =>
  db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });

export const lastBackup = (db: Executor) => read(db, LAST, BackupRecord);
export const lastFailure = (db: Executor) => read(db, FAILURE, BackupFailure);
export const recordBackup = (db: Executor, record: BackupRecord) => write(db, LAST, record);
export const recordFailure = (db: Executor, failure: BackupFailure) => write(db, FAILURE, failure);

/**
 * Claims the scheduled backup that is due: true for one process only, once `everyMinutes`
 * have passed since the last claim (several worker processes may check at once).
 */
export async function claimScheduledBackup(db: Executor, everyMinutes: number): Promise<boolean> {
  const claimed = rowsOf(
    await db.execute(sql`
      insert into ${settings} (key, value) values (${CLAIM}, jsonb_build_object('at', now()))
      on conflict (key) do update set value = excluded.value, updated_at = now()
        where (${settings.value}->>'at')::timestamptz <= now() - make_interval(secs => ${everyMinutes * 60})
      returning key`),
  );
  return claimed.length > 0;
}

/** After a failed scheduled backup: the next try comes `retryMinutes` from now, not a whole period later. */
export async function retryScheduledBackupIn(db: Executor, everyMinutes: number, retryMinutes: number) {
  const back = Math.max(0, everyMinutes - retryMinutes) * 60;
  await write(db, CLAIM, sql`jsonb_build_object('at', now() - make_interval(secs => ${back}))`);
}

/** Tables a restore would collide with: a database that has any holds data. */
export async function userTableCount(db: Executor): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    ),
  );
  return Number(row?.n ?? 0);
}
