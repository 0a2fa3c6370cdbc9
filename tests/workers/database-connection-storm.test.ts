import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTestDatabase } from "../helpers/database";

const { postgresUrl, missing } = inject("services");
const STORM_MS = 2_000;
const LOADERS = 20;

let database: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
let admin: postgres.Sql | null = null;
const escaped: unknown[] = [];
const keep = (error: unknown) => void escaped.push(error);

beforeAll(async () => {
  if (!postgresUrl) return;
  database = await openTestDatabase();
  admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  process.on("unhandledRejection", keep);
  process.on("uncaughtException", keep);
});
afterAll(async () => {
  process.off("unhandledRejection", keep);
  process.off("uncaughtException", keep);
  await admin?.end();
  await database?.drop();
});

/** Ends every backend of the test database, as an operator's pg_terminate_backend or a failover does. */
async function cutConnections(name: string) {
  await admin!.unsafe(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [name],
  );
}

describe("the database driver under a storm of cut connections", () => {
  it.skipIf(!postgresUrl)(
    `settles every query, throws nothing out of band, and serves again after the storm ${missing.postgres ?? ""}`,
    async () => {
      const { db } = database!.handle;
      const name = new URL(database!.url!).pathname.slice(1);
      const stormEnds = Date.now() + STORM_MS;
      const settled = { ok: 0, failed: 0 };
      // Each loader runs one query at a time; a query that never settles keeps its loader, and the test, waiting.
      const loader = async () => {
        while (Date.now() < stormEnds) {
          await db.execute(sql`select ${settled.ok}::int + 1 as n`).then(
            () => settled.ok++,
            () => settled.failed++,
          );
        }
      };
      const storm = async () => {
        while (Date.now() < stormEnds) {
          await cutConnections(name);
          await new Promise((r) => setTimeout(r, 5));
        }
      };
      await Promise.all([...Array.from({ length: LOADERS }, loader), storm()]);

      expect(settled.failed).toBeGreaterThan(0);
      expect(escaped).toEqual([]);
      const rows = await db.execute(sql`select 41 + 1 as answer`);
      expect([...(rows as Iterable<{ answer: number }>)][0]?.answer).toBe(42);
    },
    90_000,
  );
});
