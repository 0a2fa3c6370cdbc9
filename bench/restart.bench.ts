/**
 * A restart as an operator makes one: `npm start` on an existing embedded data directory
 * with the build present, from the command to the first 200 of GET /api/health/ (npm, the
 * build check, Node, PGlite opening the data, migrations and functions checked, the app).
 * Baseline in the same run: a bare Fastify route's process from its start to its first 200.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { BARE_ROUTE, buildOnce, median, startProcess, untilHealthy } from "./processes";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 5_000;
const EMBEDDED = {
  DATABASE_URL: "",
  REDIS_URL: "",
  JWT_SECRET: "r".repeat(40),
  ADMIN_USERNAME: "",
  ADMIN_PASSWORD: "",
  METRICS_TOKEN: "",
  BACKUP_DIR: "",
};

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function timedStart(command: string[], env: Record<string, string>) {
  const started = performance.now();
  const server = await startProcess(command, env);
  const ms = await untilHealthy(`${server.base}/api/health/`, started);
  const cpuMs = server.cpuMs();
  await server.stop();
  return { ms, cpuMs };
}

export async function run() {
  await buildOnce();
  const dataDir = mkdtempSync(join(tmpdir(), "frio-bench-restart-"));
  const env = { ...EMBEDDED, DATA_DIR: dataDir };
  try {
    // The first start makes the data directory (migrations, reference and demo data).
    const first = await timedStart(["npm", "start", "--silent"], env);
    console.log(`first start on a new data dir: ${seconds(first.ms)} s (not a restart)`);
    const runs: { ours: number; baseline: number; oursCpu: number; baselineCpu: number }[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const baseline = await timedStart(["node", BARE_ROUTE], {});
      const ours = await timedStart(["npm", "start", "--silent"], env);
      runs.push({ ours: ours.ms, baseline: baseline.ms, oursCpu: ours.cpuMs, baselineCpu: baseline.cpuMs });
      console.log(
        `run ${i}: npm start → healthy ${seconds(ours.ms)} s (CPU ${seconds(ours.cpuMs)} s) · bare Fastify process → 200 ${seconds(baseline.ms)} s (CPU ${seconds(baseline.cpuMs)} s) · target ≤ 5 s`,
      );
    }
    const worst = Math.max(...runs.map((r) => r.ours));
    const met = runs.filter((r) => r.ours <= TARGET_MS).length;
    console.log(
      `restart to healthy: median ${seconds(median(runs.map((r) => r.ours)))} s (CPU ${seconds(median(runs.map((r) => r.oursCpu)))} s), slowest ${seconds(worst)} s; bare process median ${seconds(median(runs.map((r) => r.baseline)))} s (CPU ${seconds(median(runs.map((r) => r.baselineCpu)))} s); load average ${loadavg()[0]!.toFixed(1)} (target ≤ 5 s: met in ${met} of ${RUNS})`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
