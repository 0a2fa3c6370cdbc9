import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import { seedReference } from "../../drizzle/seed";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";

/** A private database for one test file: a clone of the migrated template, or a fresh PGlite. */
export async function openTestDatabase({
  embedded = false,
} = {}): Promise<{ handle: DatabaseHandle; url: string | null; drop(): Promise<void> }> {
  const { postgresUrl, templateDb } = inject("services");
  if (embedded || !postgresUrl || !templateDb) {
    const handle = await openDatabase({ dataDir: null });
    await handle.migrate();
    await seedReference(handle.db);
    return { handle, url: null, drop: () => handle.close() };
  }
  const name = `frio_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${templateDb}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
