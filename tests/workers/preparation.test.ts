import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { redisNamespaceOf } from "../../server/config";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { orderEvents, preparationBatches } from "../../drizzle/schema";
import { createBullJobs } from "../../server/jobs/bullmq";
import { followRecomputeCosts, forgetRecomputeCosts, noteRecomputeCost, preparationJob } from "../../server/features/preparation/schedule";
import { createMemoryBus } from "../../server/realtime/bus";
import { recomputeGroup } from "../../server/features/preparation/batches";
import { latestEventId } from "../../server/realtime/outbox";
import { preparation } from "../../workers/processors/preparation";
import { createTestApp, type ApiClient, type TestApp } from "../helpers/app";
import { confirmOrder, freshDate } from "../helpers/boards";
import { signIn } from "../helpers/factories";
import { slowProcessor } from "../helpers/slow-processor";
import { eventually, spawnSlowWorker, workerSaid } from "../helpers/worker-process";

const { redisUrl, postgresUrl, missing } = inject("services");
const skipReason = missing.redis ?? missing.postgres ?? "";

let t: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
});
afterAll(() => t.close());

const batchesOf = (date: string) => t.runtime.database.db.select().from(preparationBatches).where(eq(preparationBatches.deliveryDate, date));
const updatesOf = async (date: string) =>
  (await t.runtime.database.db.select().from(orderEvents).where(and(eq(orderEvents.type, "preparation.updated")))).filter((e) => (e.data as { delivery_date?: string }).delivery_date === date).length;

describe("the preparation job", () => {
  it("debounces: orders in one window share one job id, the next window gets its own", () => {
    forgetRecomputeCosts();
    const group = { zoneId: 1, deliveryDate: "2027-03-01", timeSlotId: 2 };
    const a = preparationJob(group, 10_000);
    const b = preparationJob(group, 10_800);
    const c = preparationJob(group, 11_000);
    expect(a.jobId).toBe(b.jobId);
    expect(c.jobId).not.toBe(a.jobId);
    expect(a.jobId).not.toContain(":");
    // A job runs when its window closes, after every order of the window committed.
    expect(a.delayMs).toBe(1000);
    expect(b.delayMs).toBe(200);
  });

  it("stretches the window when re-batching gets costly, so it keeps to a tenth of a core, and shrinks it back", () => {
    forgetRecomputeCosts();
    const group = { zoneId: 1, deliveryDate: "2027-03-01", timeSlotId: 2 };
    // 63 groups (7 zones × 3 slots × 3 days) at 20 ms each: 1.26 s of work a round → at least 12.6 s apart.
    for (let i = 0; i < 63; i++) noteRecomputeCost({ zoneId: i, deliveryDate: "2027-03-01", timeSlotId: 2 }, 20, 100_000);
    const busy = preparationJob(group, 100_000);
    expect(busy.jobId).toContain("-16000-");
    expect(busy.delayMs).toBe(12_000);
    // A minute later only the group that ran again still counts.
    noteRecomputeCost(group, 20, 170_000);
    expect(preparationJob(group, 170_000).jobId).toContain("-1000-");
  });

  it("learns what runs in a worker process cost from their preparation.updated events", async () => {
    forgetRecomputeCosts();
    const bus = createMemoryBus();
    const stop = followRecomputeCosts(bus);
    const group = { zoneId: 3, deliveryDate: "2027-03-02", timeSlotId: 4 };
    expect(preparationJob(group).jobId).toContain("-1000-");
    const data = { delivery_date: "2027-03-02", zone_id: 3, time_slot_id: 4, batches: 40, orders: 160, cost_ms: 300 };
    await bus.publish({ id: 1, type: "preparation.updated", at: new Date().toISOString(), actor: null, data });
    expect(preparationJob(group).jobId).toContain("-4000-");
    stop();
    forgetRecomputeCosts();
  });

  it("stores the batches of a burst of orders in process, with one event per window rather than per order", async () => {
    const date = freshDate();
    const before = await updatesOf(date);
    await Promise.all(Array.from({ length: 8 }, () => confirmOrder(seller, { date })));
    expect(await eventually(async () => (await batchesOf(date)).flatMap((b) => b.orderIds).length === 8)).toBe(true);
    expect((await batchesOf(date)).map((b) => b.orderIds.length)).toEqual([4, 4]);
    expect((await updatesOf(date)) - before).toBeLessThan(8);
  });

  it("skips a queued run whose order event an earlier run already saw, and runs one asked for a newer event", async () => {
    const date = freshDate();
    const group = { zoneId: 1, deliveryDate: date, timeSlotId: 2 };
    await confirmOrder(seller, { date });
    expect(await eventually(async () => (await batchesOf(date)).length === 1)).toBe(true);
    const { db } = t.runtime.database;
    const covered = await latestEventId(db);
    expect(await recomputeGroup(db, t.config.depot, group, covered - 1)).toEqual({ skipped: true });
    await confirmOrder(seller, { date });
    // An id no run has seen yet (the app's own job for this order may already have run).
    const unseen = (await latestEventId(db)) + 1_000;
    expect(await recomputeGroup(db, t.config.depot, group, unseen)).toMatchObject({ batches: 1, orders: 2 });
    // Nothing changed since: the run writes nothing and tells no board.
    expect(await recomputeGroup(db, t.config.depot, group, null)).toEqual({ batches: 1, orders: 2, unchanged: true });
  });

  it.skipIf(!redisUrl || !postgresUrl)(`on BullMQ, a worker killed while batching: the job is retried and the batches converge ${skipReason}`, async () => {
    const date = freshDate();
    for (let i = 0; i < 5; i++) await confirmOrder(seller, { date });
    expect(await eventually(async () => (await batchesOf(date)).length === 2)).toBe(true);
    // Lose the stored batches, then let a worker that dies mid-job recompute them.
    await t.runtime.database.db.delete(preparationBatches).where(eq(preparationBatches.deliveryDate, date));
    const updatesBefore = await updatesOf(date);

    const queue = `preparation-kill-${randomBytes(4).toString("hex")}`;
    const enqueuer = createBullJobs(redisUrl!, redisNamespaceOf(t.databaseUrl), { [queue]: slowProcessor(preparation, queue, 0) });
    const spawn = (delayMs: number) => spawnSlowWorker({ databaseUrl: t.databaseUrl!, redisUrl: redisUrl!, queue, delayMs, processor: "preparation" });
    const doomed = spawn(60_000);
    await workerSaid(doomed, "ready");
    await enqueuer.enqueue(queue, { group: { zoneId: 1, deliveryDate: date, timeSlotId: 2 } }, { jobId: `prep-kill-${date}` });
    await workerSaid(doomed, "active");
    doomed.kill("SIGKILL");
    expect(await batchesOf(date)).toEqual([]);

    const rescuer = spawn(10);
    try {
      expect(await eventually(async () => (await batchesOf(date)).length === 2, 20_000)).toBe(true);
      expect((await batchesOf(date)).map((b) => b.orderIds.length).sort()).toEqual([2, 3]);
      expect(await updatesOf(date)).toBe(updatesBefore + 1);
    } finally {
      rescuer.kill("SIGTERM");
      await enqueuer.close();
    }
  }, 40_000);
});
