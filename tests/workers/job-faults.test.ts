import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { SERVICE_UNAVAILABLE } from "@domain/contracts/errors";
import { exportJobs } from "../../drizzle/schema";
import { createTestApp, type TestApp } from "../helpers/app";
import { confirmOrder, freshDate } from "../helpers/boards";
import { signIn } from "../helpers/factories";
import { freePort, hasRedisServer, startRedis } from "../helpers/redis-server";
import { openSocket } from "../helpers/socket";
import { eventually, spawnWorker } from "../helpers/worker-process";

const { postgresUrl, missing } = inject("services");
const reason = !postgresUrl ? missing.postgres : !hasRedisServer ? "needs the redis-server binary" : "";

const cleanups: (() => Promise<unknown> | undefined)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function productionApp() {
  const port = await freePort();
  let redis = await startRedis(port);
  const t = await createTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
  cleanups.push(
    () => void redis.kill("SIGKILL"),
    () => t.close(),
  );
  return {
    t,
    port,
    redisUrl: `redis://127.0.0.1:${port}`,
    stopRedis: () => redis.kill("SIGKILL"),
    restartRedis: async () => (redis = await startRedis(port)),
  };
}

describe("jobs end visibly, and wait for Redis no longer than a few seconds", () => {
  it("an export whose job fails for good ends failed with its reason, on the API and on the socket", async () => {
    const t: TestApp = await createTestApp();
    cleanups.push(() => t.close());
    // The export folder cannot be made: a file holds its name.
    writeFileSync(join(t.config.dataDir, "exports"), "");
    const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const admin = await signIn(t, "Admin");
    const socket = await openSocket(baseUrl, { token: admin.access, last_event_id: 0 });
    await socket.waitFor((m) => m.type === "ready");

    const { id } = (await admin.client.post("/api/exports/", { sql_table: "Cities", type_archive: "csv" })).json();
    const failed = await socket.waitFor(
      (m) => m.type === "event" && m.event.type === "export.failed" && m.event.data.id === id,
      25_000,
    );
    const detail = "No se pudo exportar. El servidor no pudo escribir el archivo.";
    expect(failed).toMatchObject({ event: { data: { id, reason: detail } } });
    expect((await admin.client.get(`/api/exports/${id}/`)).json()).toMatchObject({
      status: "failed",
      error: detail,
      file_url: null,
    });
    socket.close();
  }, 40_000);

  it.skipIf(!!reason)(
    `with Redis down, an export answers 503 within 5 s and ends failed, while orders are still taken ${reason}`,
    async () => {
      const { t, stopRedis } = await productionApp();
      const admin = await signIn(t, "Admin");
      const seller = await signIn(t, "Vendedor");
      stopRedis();

      const started = Date.now();
      const refused = await admin.client.post("/api/exports/", { sql_table: "Cities", type_archive: "csv" });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ detail: SERVICE_UNAVAILABLE });
      expect(await confirmOrder(seller.client, { date: freshDate() })).toBeGreaterThan(0);
      const health = (await admin.client.get("/api/health/")).json();
      expect(health).toMatchObject({ status: "ok", database: "ok", bus: "down", queue: "down" });
    },
    30_000,
  );

  it.skipIf(!!reason)(
    `an export whose worker is killed -9 mid-way restarts within 15 s, and says it resumed ${reason}`,
    async () => {
      const { t, redisUrl } = await productionApp();
      const admin = await signIn(t, "Admin");
      let worker: ChildProcess = await spawnWorker({ databaseUrl: t.databaseUrl!, redisUrl });
      cleanups.push(() => void worker.kill("SIGKILL"));
      // Hold the export inside its first query, so the worker is surely killed mid-export.
      const blocker = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
      cleanups.push(() => blocker.end());
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding: Promise<unknown> = Promise.resolve();
      await new Promise<void>((locked) => {
        holding = blocker.begin(async (sql) => {
          await sql`lock table cities in access exclusive mode`;
          locked();
          await released;
        });
      });

      const { id } = (await admin.client.post("/api/exports/", { sql_table: "Cities", type_archive: "csv" })).json();
      const attempts = async () =>
        (
          await t.runtime.database.db.select({ n: exportJobs.attempts }).from(exportJobs).where(eq(exportJobs.id, id))
        )[0]?.n ?? 0;
      expect(await eventually(async () => (await attempts()) === 1)).toBe(true);
      worker.kill("SIGKILL");
      const killedAt = Date.now();
      release();
      await holding;
      worker = await spawnWorker({ databaseUrl: t.databaseUrl!, redisUrl });

      expect(
        await eventually(async () => (await admin.client.get(`/api/exports/${id}/`)).json().status === "done", 20_000),
      ).toBe(true);
      const restartedWithin = Date.now() - killedAt;
      console.log(`export resumed and done ${restartedWithin} ms after its worker was killed`);
      expect(restartedWithin).toBeLessThan(15_000);
      expect((await admin.client.get(`/api/exports/${id}/`)).json()).toMatchObject({ status: "done", resumed: true });
    },
    60_000,
  );
});
