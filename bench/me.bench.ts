/**
 * Authenticated GET /api/me/ on the compiled server as production runs it (`node
 * dist/server/main.js`, Postgres and Redis; token check, active user, CSRF cookie, security
 * headers, serialisation, one access line at the default level to /dev/null) against a bare
 * Fastify route answering a constant in a plain node process of its own. Both are loaded by
 * wrk over real HTTP in alternating rounds, so a busy moment of the machine falls on both
 * sides, and which side goes first changes every round; a run's figure is the median of its
 * rounds' ratios. One round each is run first and thrown away, so neither side is measured
 * while its code is still being compiled. Five runs, each with its own baseline; the target
 * holds when every run makes it.
 */
import { loadavg } from "node:os";
import { dropBenchDatabase, freshBenchDatabase } from "./bench-database";
import { BARE_ROUTE, buildOnce, COMPILED_SERVER, median, startProcess, untilHealthy, type Started } from "./processes";
import { runWrk } from "./wrk";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const SECONDS = 2;
const TARGET = 0.6;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
// A browser sends the CSRF cookie on every request; both sides receive it.
const CSRF_COOKIE = "csrftoken=abcdefghijklmnopqrstuvwxyz012345";
const ADMIN = { username: "bench.me", password: "bench-password-123" };

const load = (url: string, headers: Record<string, string>) =>
  runWrk({
    url,
    method: "GET",
    headers: { cookie: CSRF_COOKIE, ...headers },
    bodies: [""],
    seconds: SECONDS,
    connections: 16,
    threads: 1,
  });

export async function run() {
  await buildOnce();
  const name = `frio_bench_me_${process.pid}`;
  const { database, url } = await freshBenchDatabase(name);
  await database.close();
  const started = performance.now();
  const server = await startProcess(["node", COMPILED_SERVER], {
    DATABASE_URL: url,
    REDIS_URL,
    DATA_DIR: `/tmp/frio-bench-me-${process.pid}`,
    JWT_SECRET: "b".repeat(40),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "info",
    METRICS_TOKEN: "",
  });
  const bare = await startProcess(["node", BARE_ROUTE], {});
  try {
    await untilHealthy(`${server.base}/api/health/`, started);
    await untilHealthy(`${bare.base}/me`, started);
    const login = await fetch(`${server.base}/api/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { access } = (await login.json()) as { access: string };
    const me = await fetch(`${server.base}/api/me/`, { headers: { authorization: `Bearer ${access}` } });
    if (me.status !== 200) throw new Error(`GET /api/me/ answered ${me.status}`);

    console.log(
      `compiled server (node dist/server/main.js, production: Postgres + Redis, log level info to /dev/null) vs a bare Fastify process; ${RUNS} runs of ${ROUNDS} alternating ${SECONDS} s rounds (first side swapped each round, one warm-up round each), wrk 16 connections`,
    );
    await load(`${bare.base}/me`, {});
    await load(`${server.base}/api/me/`, { authorization: `Bearer ${access}` });
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const rounds: { baseline: number; ours: number }[] = [];
      // CPU per request of each server process over its rounds: what a request costs, whoever else runs.
      const cpu = { baseline: { ms: 0, requests: 0 }, ours: { ms: 0, requests: 0 } };
      const measured = async (
        side: "baseline" | "ours",
        target: Started,
        url: string,
        headers: Record<string, string>,
      ) => {
        const before = target.cpuMs();
        const { requestsPerSecond } = await load(url, headers);
        cpu[side].ms += target.cpuMs() - before;
        cpu[side].requests += requestsPerSecond * SECONDS;
        return requestsPerSecond;
      };
      const measureBaseline = () => measured("baseline", bare, `${bare.base}/me`, {});
      const measureOurs = () =>
        measured("ours", server, `${server.base}/api/me/`, { authorization: `Bearer ${access}` });
      for (let round = 0; round < ROUNDS; round++) {
        if (round % 2 === 0) {
          const baseline = await measureBaseline();
          rounds.push({ baseline, ours: await measureOurs() });
        } else {
          const ours = await measureOurs();
          rounds.push({ baseline: await measureBaseline(), ours });
        }
      }
      const ratio = median(rounds.map((r) => r.ours / r.baseline));
      ratios.push(ratio);
      const perRequest = (side: "baseline" | "ours") => (cpu[side].ms * 1000) / cpu[side].requests;
      cpuRatios.push(perRequest("baseline") / perRequest("ours"));
      console.log(
        `run ${i}: GET /api/me/ ${median(rounds.map((r) => r.ours)).toFixed(0)} req/s · bare route ${median(rounds.map((r) => r.baseline)).toFixed(0)} req/s · ratio ${ratio.toFixed(3)} (target ≥ ${TARGET}) · CPU per request ${perRequest("ours").toFixed(0)} µs vs ${perRequest("baseline").toFixed(0)} µs (${cpuRatios.at(-1)!.toFixed(3)}) · load average ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    const met = ratios.filter((r) => r >= TARGET).length;
    console.log(
      `ratio: median ${median(ratios).toFixed(3)}, lowest ${Math.min(...ratios).toFixed(3)} (target ≥ ${TARGET} in every run: met in ${met} of ${RUNS}); CPU per request, bare / ours: median ${median(cpuRatios).toFixed(3)}`,
    );
  } finally {
    await Promise.all([server.stop(), bare.stop()]);
    await dropBenchDatabase(name);
  }
}
