import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { TEST_JWT_SECRET } from "../helpers/app";
import { freePort } from "../helpers/redis-server";

const { postgresUrl, redisUrl, missing } = inject("services");
const reason = missing.postgres ?? missing.redis ?? "";
const MAIN = fileURLToPath(new URL("../../server/main.ts", import.meta.url));
const HEALTHY_WITHIN_MS = 10_000;

const started: ChildProcess[] = [];
let dropDatabase = async () => {};
afterAll(async () => {
  started.forEach((child) => child.kill("SIGKILL"));
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

function startInstance(databaseUrl: string, port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl!, PORT: String(port), HOST: "127.0.0.1", JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: "warn", DATA_DIR: `/tmp/frio-instance-${port}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  return child;
}

/** Milliseconds until the instance answers its health check, or a failure after the bound. */
async function healthyAfter(port: number, since: number) {
  while (Date.now() - since < HEALTHY_WITHIN_MS) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/`).then((r) => r.ok, () => false);
    if (ok) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on port ${port} not healthy within ${HEALTHY_WITHIN_MS} ms`);
}

describe("API instances starting together", () => {
  it.skipIf(!!reason)(`two start at once on a new database, and one restarts while the other runs ${reason}`, async () => {
    const databaseUrl = await emptyDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    const since = Date.now();
    const first = startInstance(databaseUrl, portA);
    startInstance(databaseUrl, portB);
    const together = await Promise.all([healthyAfter(portA, since), healthyAfter(portB, since)]);
    console.log(`instances healthy after ${together.join(" and ")} ms`);

    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const restartedAt = Date.now();
    startInstance(databaseUrl, portA);
    console.log(`restarted instance healthy after ${await healthyAfter(portA, restartedAt)} ms`);
    expect((await fetch(`http://127.0.0.1:${portB}/api/health/`)).status).toBe(200);
  }, 40_000);
});
