import { randomBytes, randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { eq } from "drizzle-orm";
import { redisNamespaceOf } from "../../server/config";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { refreshTokens } from "../../drizzle/schema";
import { createBullJobs } from "../../server/jobs/bullmq";
import { createInProcessJobs } from "../../server/jobs/in-process";
import { createMemoryBus } from "../../server/realtime/bus";
import { jobContextFactory } from "../../server/runtime";
import { createTestApp, type TestApp } from "../helpers/app";
import { createUser } from "../helpers/factories";
import { slowPurgeProcessor } from "../helpers/slow-processor";
import { eventually, spawnSlowWorker, workerSaid } from "../helpers/worker-process";

const { redisUrl, postgresUrl, missing } = inject("services");
const needsRealServices = !redisUrl || !postgresUrl;
const skipReason = missing.redis ?? missing.postgres ?? "";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function expiredToken(): Promise<number> {
  const user = await createUser(t, "Vendedor");
  const [row] = await t.runtime.database.db
    .insert(refreshTokens)
    .values({
      userId: user.id,
      familyId: randomUUID(),
      tokenHash: randomBytes(16).toString("hex"),
      expiresAt: new Date(Date.now() - 60_000),
    })
    .returning({ id: refreshTokens.id });
  return row!.id;
}

async function tokenExists(id: number) {
  const rows = await t.runtime.database.db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  return rows.length > 0;
}

describe("the maintenance job purges expired refresh tokens", () => {
  it("in process (embedded mode), once per job id, retrying a failure", async () => {
    const id = await expiredToken();
    let calls = 0;
    const processor = slowPurgeProcessor("maintenance", 0);
    const flaky = {
      ...processor,
      process: async (data: { before: string }, ctx: Parameters<typeof processor.process>[1]) => {
        calls++;
        if (ctx.attempt === 1) throw new Error("transient");
        return processor.process(data, ctx);
      },
    };
    const jobs = createInProcessJobs(
      { maintenance: flaky },
      jobContextFactory(t.config, t.runtime.database, createMemoryBus()),
    );
    const payload = { before: new Date().toISOString() };
    await jobs.enqueue("maintenance", payload, { jobId: "purge-a" });
    await jobs.enqueue("maintenance", payload, { jobId: "purge-a" });
    expect(await eventually(async () => !(await tokenExists(id)))).toBe(true);
    expect(calls).toBe(2);
    await jobs.close();
  });

  it.skipIf(needsRealServices)(
    `on BullMQ, surviving a worker killed mid-job ${skipReason}`,
    async () => {
      const id = await expiredToken();
      const queue = `maintenance-kill-${randomBytes(4).toString("hex")}`;
      const enqueuer = createBullJobs(redisUrl!, redisNamespaceOf(t.databaseUrl), {
        [queue]: slowPurgeProcessor(queue, 0),
      });
      const spawnWorker = (delayMs: number) =>
        spawnSlowWorker({ databaseUrl: t.databaseUrl!, redisUrl: redisUrl!, queue, delayMs });
      const waitFor = workerSaid;

      const doomed = spawnWorker(60_000);
      await waitFor(doomed, "ready");
      await enqueuer.enqueue(queue as "maintenance", { before: new Date().toISOString() }, { jobId: "purge-kill" });
      await waitFor(doomed, "active");
      doomed.kill("SIGKILL");
      expect(await tokenExists(id)).toBe(true);

      const rescuer = spawnWorker(10);
      try {
        expect(await eventually(async () => !(await tokenExists(id)), 20_000)).toBe(true);
        const inspector = new Queue(queue, { connection: { url: redisUrl! }, prefix: redisNamespaceOf(t.databaseUrl) });
        const job = await inspector.getJob("purge-kill");
        expect(await job?.getState()).toBe("completed");
        await inspector.obliterate({ force: true });
        await inspector.close();
      } finally {
        rescuer.kill("SIGTERM");
        await enqueuer.close();
      }
    },
    40_000,
  );
});
