import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TEST_JWT_SECRET } from "../helpers/app";
import { openTestDatabase } from "../helpers/database";
import { OPERATOR } from "../helpers/embedded-server";
import { HttpApi } from "../helpers/http-api";
import { compiledEntry, runCompiled, startServer, type ServerProcess } from "../helpers/server-process";
import { openSocket } from "../helpers/socket";
import { eventually } from "../helpers/worker-process";

const { redisUrl, missing } = inject("services");
const reason = missing.postgres ?? missing.redis ?? "";
/** Process start-up on a loaded machine: generous, never a measure. */
const PROCESS_TIMEOUT_MS = 180_000;
const TOKEN = "metricas-de-prueba-0123456789";

const dataDir = mkdtempSync(join(tmpdir(), "frio-metrics-"));
const cleanups: (() => Promise<unknown>)[] = [];
let server: ServerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  if (reason) return;
  const database = await openTestDatabase();
  await database.handle.close();
  cleanups.push(() => database.drop());
  env = {
    DATABASE_URL: database.url!,
    REDIS_URL: redisUrl!,
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    METRICS_TOKEN: TOKEN,
    ADMIN_USERNAME: OPERATOR.username,
    ADMIN_PASSWORD: OPERATOR.password,
  };
  server = await startServer(env);
  cleanups.unshift(async () => server.child.kill("SIGKILL"));
}, PROCESS_TIMEOUT_MS);
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

const scrape = (url: string, token?: string) =>
  fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** One sample's value in Prometheus' text format, by its name and labels as written. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? NaN : Number(line.slice(series.length + 1));
}

describe.skipIf(!!reason)(`metrics ${reason}`, () => {
  it("GET /metrics is refused without the token or with another, and answers Prometheus' text with it", async () => {
    expect((await scrape(server.url)).status).toBe(401);
    expect((await scrape(server.url, "otro-token-cualquiera-123")).status).toBe(401);
    const answer = await scrape(server.url, TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    for (const name of [
      "http_request_duration_seconds",
      "frio_outbox_unpublished_events",
      "frio_websocket_connections",
      "frio_jobs",
      "frio_preparation_sweep_seconds",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "frio_backup_last_success_timestamp_seconds",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
  });

  it("the request counter of a route moves with each request, and the websocket gauge with each socket", async () => {
    const health = 'http_request_duration_seconds_count{method="GET",route="/api/health/",status_code="200"}';
    const before = sample(await (await scrape(server.url, TOKEN)).text(), health) || 0;
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
    const after = await (await scrape(server.url, TOKEN)).text();
    expect(sample(after, health)).toBe(before + 3);
    expect(sample(after, "frio_websocket_connections")).toBe(0);

    const api = await HttpApi.signIn(server.url, OPERATOR.username, OPERATOR.password);
    const socket = await openSocket(server.url, { token: api.access! });
    await socket.waitFor((m) => m.type === "ready");
    expect(sample(await (await scrape(server.url, TOKEN)).text(), "frio_websocket_connections")).toBe(1);
    socket.close();
    await api.close();
  });

  it("the last backup's time is there to alert on its age: 0 before the first, the download's time after one", async () => {
    const lastBackup = async () =>
      sample(await (await scrape(server.url, TOKEN)).text(), "frio_backup_last_success_timestamp_seconds");
    expect(await lastBackup()).toBe(0);
    const admin = await HttpApi.signIn(server.url, OPERATOR.username, OPERATOR.password);
    const before = Date.now() / 1000;
    expect((await admin.get("/api/backups/download/")).statusCode).toBe(200);
    await admin.close();
    const at = await lastBackup();
    expect(at).toBeGreaterThanOrEqual(Math.floor(before));
    expect(at).toBeLessThanOrEqual(Date.now() / 1000);
  });

  it(
    "the worker process serves its own metrics on METRICS_PORT, its sweeps counted",
    async () => {
      const workers = runCompiled(await compiledEntry("workers"), {
        ...env,
        METRICS_PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
      });
      cleanups.unshift(async () => workers.child.kill("SIGKILL"));
      const port = await new Promise<string>((resolve) => {
        const found = () => {
          const match = /metrics on :(\d+)\/metrics/.exec(workers.output());
          if (match) resolve(match[1]!);
        };
        workers.child.stdout!.on("data", found);
      });
      const url = `http://127.0.0.1:${port}`;
      expect((await scrape(url)).status).toBe(401);
      const sweeps = async () =>
        sample(await (await scrape(url, TOKEN)).text(), "frio_preparation_sweep_seconds_count");
      expect(await eventually(async () => (await sweeps()) > 0, 30_000)).toBe(true);
      // Where production's scheduled backups are written, the same last backup as the API reports.
      const backupAt = "frio_backup_last_success_timestamp_seconds";
      expect(sample(await (await scrape(url, TOKEN)).text(), backupAt)).toBe(
        sample(await (await scrape(server.url, TOKEN)).text(), backupAt),
      );
      workers.child.kill("SIGTERM");
      expect(await workers.exited).toBe(0);
    },
    PROCESS_TIMEOUT_MS,
  );
});
