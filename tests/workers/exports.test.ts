import { redisNamespaceOf } from "../../server/config";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedDemo } from "../../drizzle/seed";
import { createTestApp, type TestApp } from "../helpers/app";
import { createUser, signIn } from "../helpers/factories";
import { openSocket } from "../helpers/socket";

const { redisUrl, postgresUrl } = inject("services");

describe.each([
  ["in process", false],
  ["on BullMQ", true],
] as const)("async export %s", (_mode, redis) => {
  const skip = redis && (!redisUrl || !postgresUrl) ? "(needs Redis and Postgres)" : "";
  let t: TestApp;
  let stopWorkers: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    if (skip) return;
    t = await createTestApp({ redis });
    const seller = await createUser(t, "Vendedor");
    await seedDemo(t.runtime.database.db, { sellerIds: [seller.id] });
    if (redis) {
      // Production mode: the API only enqueues; a worker (here in this process) does the work.
      const { startBullWorkers } = await import("../../server/jobs/bullmq");
      const { jobContextFactory } = await import("../../server/runtime");
      const { PROCESSORS } = await import("../../workers/registry");
      const running = startBullWorkers(
        redisUrl!,
        redisNamespaceOf(t.databaseUrl),
        { exports: PROCESSORS.exports! },
        jobContextFactory(t.config, t.runtime.database, t.runtime.bus),
      );
      stopWorkers = running.close;
    }
  });
  afterAll(async () => {
    await stopWorkers?.();
    await t?.close();
  });

  it.skipIf(!!skip)(
    `streams a table to a file, reports progress and announces it done ${skip}`,
    async () => {
      const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const admin = await signIn(t, "Admin");
      const socket = await openSocket(baseUrl, { token: admin.access, last_event_id: 0 });
      await socket.waitFor((m) => m.type === "ready");
      const started = await admin.client.post("/api/exports/", { sql_table: "OrderDetails", type_archive: "csv" });
      expect(started.statusCode).toBe(200);
      const { id } = started.json();
      const done = await socket.waitFor(
        (m) => m.type === "event" && m.event.type === "export.done" && m.event.data.id === id,
        20_000,
      );
      expect(done).toMatchObject({ event: { data: { id } } });
      const progress = socket.events().filter((e) => e.type === "export.progress" && e.data.id === id);
      expect(progress.at(-1)?.data.rows_done).toBe(progress.at(-1)?.data.rows_total);
      const status = (await admin.client.get(`/api/exports/${id}/`)).json();
      expect(status).toMatchObject({ status: "done", file_url: `/api/exports/${id}/file` });
      const file = await admin.client.get(status.file_url);
      expect(file.headers["content-disposition"]).toMatch(/OrderDetails_.*\.csv/);
      const lines = file.body.trim().split("\r\n");
      expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // the BOM (the decoded body drops it)
      expect(lines[0]!.startsWith('"PK_OrderDetails";"FK_Orders"')).toBe(true);
      expect(lines.length - 1).toBe(status.rows_total);
      socket.close();
    },
    40_000,
  );
});
