import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../server/app";
import { bootstrap } from "../../server/bootstrap";
import { loadConfig } from "../../server/config";
import { createRuntime } from "../../server/runtime";
import { PROCESSORS } from "../../workers/registry";
import { TEST_JWT_SECRET } from "../helpers/app";

const { postgresUrl, redisUrl, missing } = inject("services");
const reason = missing.postgres ?? missing.redis ?? "";
const HEALTHY_WITHIN_MS = 10_000;

const running: { stop(): Promise<void> }[] = [];
let dropDatabase = async () => {};
afterAll(async () => {
  await Promise.allSettled(running.map((instance) => instance.stop()));
  await dropDatabase();
});

/** An empty database of the test's own, so both instances run the migrations for real. */
async function emptyDatabase(): Promise<string> {
  const name = `frio_instances_${randomBytes(4).toString("hex")}`;
  const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An API instance as `npm start` builds one in production: migrations, reference data, app, port. */
async function startInstance(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "frio-instance-"));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl!,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
  });
  const runtime = await createRuntime(config, PROCESSORS);
  await bootstrap(config, runtime.database, { freshDataDir: false });
  const app = await buildApp({ ...runtime, logger: false });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const instance = {
    url,
    async stop() {
      await app.close();
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  running.push(instance);
  return instance;
}

/** Milliseconds from `since` until the instance is up and healthy. */
async function healthyAfter(start: Promise<{ url: string }>, since: number) {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`instance not up within ${HEALTHY_WITHIN_MS} ms`)), HEALTHY_WITHIN_MS).unref(),
  );
  const { url } = await Promise.race([start, timeout]);
  expect((await fetch(`${url}/api/health/`)).status).toBe(200);
  return Date.now() - since;
}

describe("API instances starting together", () => {
  it.skipIf(!!reason)(
    `two start at once on a new database, and one restarts while the other runs ${reason}`,
    async () => {
      const databaseUrl = await emptyDatabase();
      const since = Date.now();
      const [first, second] = [startInstance(databaseUrl), startInstance(databaseUrl)];
      const together = await Promise.all([healthyAfter(first, since), healthyAfter(second, since)]);
      console.log(`instances healthy after ${together.join(" and ")} ms`);
      expect(Math.max(...together)).toBeLessThan(HEALTHY_WITHIN_MS);

      await (await first).stop();
      const restartedAt = Date.now();
      const restarted = await healthyAfter(startInstance(databaseUrl), restartedAt);
      console.log(`restarted instance healthy after ${restarted} ms`);
      expect(restarted).toBeLessThan(HEALTHY_WITHIN_MS);
      expect((await fetch(`${(await second).url}/api/health/`)).status).toBe(200);
    },
    60_000,
  );
});
