import type { ChildProcess } from "node:child_process";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiClient, createSecondInstance, createTestApp, type TestApp } from "../helpers/app";
import { signIn } from "../helpers/factories";
import { answeredAtLeast, streamOrders } from "../helpers/order-stream";
import { msUntilBatchesTrue } from "../helpers/preparation";
import { freePort, hasRedisServer, startRedis } from "../helpers/redis-server";
import { spawnWorker } from "../helpers/worker-process";

const { postgresUrl, missing } = inject("services");
const reason = !postgresUrl ? missing.postgres : !hasRedisServer ? "needs the redis-server binary" : "";
/** DESIGN.md §7: stored batches equal the batching of the open orders within 5 s of any fault ending. */
const CONVERGES_WITHIN_MS = 5_000;

let port = 0;
let redis: ChildProcess | null = null;
let worker: ChildProcess | null = null;
let t: TestApp | null = null;
let second: Awaited<ReturnType<typeof createSecondInstance>> | null = null;
let sellers: ApiClient[] = [];

const redisUrl = () => `redis://127.0.0.1:${port}`;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function converged() {
  const ms = await msUntilBatchesTrue(t!.runtime.database.db, t!.config.depot, CONVERGES_WITHIN_MS);
  console.log(`stored batches true ${ms} ms after the fault ended`);
  return ms;
}

beforeAll(async () => {
  if (reason) return;
  port = await freePort();
  redis = await startRedis(port);
  t = await createTestApp({ redisUrl: redisUrl() });
  second = await createSecondInstance(t);
  worker = await spawnWorker({ databaseUrl: t.databaseUrl!, redisUrl: redisUrl() });
  const seller = await signIn(t, "Vendedor");
  sellers = [seller.client, new ApiClient(second.app, seller.access)];
}, 60_000);
afterAll(async () => {
  worker?.kill("SIGKILL");
  await second?.close();
  await t?.close();
  redis?.kill("SIGKILL");
});

describe("stored preparation batches converge after faults: two API instances, a worker, Postgres, Redis", () => {
  it.skipIf(!!reason)(
    `after the worker is killed -9 mid-stream and restarted ${reason}`,
    async () => {
      const stream = await streamOrders(sellers, 300, 8, async (_, answered) => {
        await answeredAtLeast(answered, 120);
        worker!.kill("SIGKILL");
      });
      expect(stream).toEqual({ accepted: 300, refused: {} });
      worker = await spawnWorker({ databaseUrl: t!.databaseUrl!, redisUrl: redisUrl() });
      expect(await converged()).not.toBeNull();
    },
    60_000,
  );

  it.skipIf(!!reason)(
    `after Redis is killed -9 mid-stream and restarted ${reason}`,
    async () => {
      const stream = await streamOrders(sellers, 300, 8, async (_, answered) => {
        await answeredAtLeast(answered, 100);
        redis!.kill("SIGKILL");
        await pause(1_000);
        redis = await startRedis(port);
      });
      expect(stream.accepted).toBe(300);
      expect(await converged()).not.toBeNull();
    },
    60_000,
  );

  it.skipIf(!!reason)(
    `after every Postgres connection of the deployment is cut mid-stream ${reason}`,
    async () => {
      const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
      const database = new URL(t!.databaseUrl!).pathname.slice(1);
      try {
        const stream = await streamOrders(sellers, 300, 8, async (_, answered) => {
          await answeredAtLeast(answered, 100);
          await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
        });
        console.log(`orders while Postgres connections were cut: ${JSON.stringify(stream)}`);
        expect(stream.accepted).toBeGreaterThan(200);
      } finally {
        await admin.end();
      }
      expect(await converged()).not.toBeNull();
    },
    60_000,
  );

  it.skipIf(!!reason)(
    `after an API instance goes away mid-stream ${reason}`,
    async () => {
      const stream = await streamOrders([sellers[0]!], 200, 8, async (_, answered) => {
        await answeredAtLeast(answered, 60);
        await second!.close();
        second = null;
      });
      expect(stream.accepted).toBe(200);
      expect(await converged()).not.toBeNull();
    },
    60_000,
  );
});
