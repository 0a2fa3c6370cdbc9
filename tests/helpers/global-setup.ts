import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { seedReference } from "../../drizzle/seed";
import { openDatabase } from "../../server/db/client";
import { readFunctionFiles } from "../../server/db/functions";
import { FUNCTIONS_FOLDER, MIGRATIONS_FOLDER } from "../../server/paths";
import {
  DEFAULT_POSTGRES_URL,
  DEFAULT_REDIS_URL,
  dockerAvailable,
  findChromium,
  postgresReachable,
  redisReachable,
  type TestServices,
} from "./services";

let stopContainers: (() => Promise<void>) | null = null;

/** Real services when reachable, containers when Docker runs, else PGlite and the in-process bus. */
export default async function setup(project: TestProject) {
  const missing: Record<string, string> = {};
  let postgresUrl: string | null = process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  let redisUrl: string | null = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;

  if (!(await postgresReachable(postgresUrl))) postgresUrl = null;
  if (!(await redisReachable(redisUrl))) redisUrl = null;
  if ((!postgresUrl || !redisUrl) && dockerAvailable()) {
    const started = await startContainers(!postgresUrl, !redisUrl).catch(() => null);
    if (started) {
      postgresUrl ??= started.postgresUrl;
      redisUrl ??= started.redisUrl;
      stopContainers = started.stop;
    }
  }
  const chromiumPath = findChromium();
  if (!postgresUrl) missing.postgres = "no Postgres reachable (TEST_DATABASE_URL): running on PGlite";
  if (!redisUrl) missing.redis = "needs Redis (TEST_REDIS_URL)";
  if (!chromiumPath) missing.chromium = "needs Chromium (apt-get install chromium, or CHROMIUM_PATH)";

  if (process.env.REQUIRE_SERVICES === "1" && Object.keys(missing).length) {
    throw new Error(`REQUIRE_SERVICES=1 but services are missing:\n  ${Object.values(missing).join("\n  ")}`);
  }

  const templateDb = postgresUrl ? await prepareTemplate(postgresUrl) : null;
  const services: TestServices = { postgresUrl, templateDb, redisUrl, chromiumPath, missing };
  project.provide("services", services);

  return async () => {
    await stopContainers?.();
  };
}

/** Changes with any migration, function file or reference seed, so the template is rebuilt. */
function migrationsFingerprint(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    if (file.endsWith(".sql") || file.endsWith(".json"))
      hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  for (const fn of readFunctionFiles(FUNCTIONS_FOLDER)) hash.update(fn.name).update(fn.sha256);
  hash.update(readFileSync(new URL("../../drizzle/seed/reference.ts", import.meta.url)));
  return hash.digest("hex").slice(0, 12);
}

/** Migrated and seeded once per schema version; each test file clones it (CREATE DATABASE … TEMPLATE). */
async function prepareTemplate(adminUrl: string): Promise<string> {
  const name = `frio_template_${migrationsFingerprint()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(7261009)`;
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) {
      await admin.unsafe(`create database "${name}_building"`).catch(() => {});
      const url = new URL(adminUrl);
      url.pathname = `/${name}_building`;
      const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
      await handle.migrate();
      await seedReference(handle.db);
      await handle.close();
      await admin.unsafe(`alter database "${name}_building" rename to "${name}"`);
    }
    await admin`select pg_advisory_unlock(7261009)`;
  } finally {
    await admin.end();
  }
  return name;
}

async function startContainers(needPostgres: boolean, needRedis: boolean) {
  const { GenericContainer } = await import("testcontainers");
  const started: { stop(): Promise<unknown> }[] = [];
  let postgresUrl: string | null = null;
  let redisUrl: string | null = null;
  if (needPostgres) {
    const pg = await new GenericContainer("postgres:16-alpine")
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: "trust" })
      .withExposedPorts(5432)
      .start();
    started.push(pg);
    postgresUrl = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`;
    for (let i = 0; i < 30 && !(await postgresReachable(postgresUrl)); i++)
      await new Promise((r) => setTimeout(r, 500));
  }
  if (needRedis) {
    const redis = await new GenericContainer("redis:7-alpine").withExposedPorts(6379).start();
    started.push(redis);
    redisUrl = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  }
  return { postgresUrl, redisUrl, stop: async () => void (await Promise.allSettled(started.map((c) => c.stop()))) };
}
