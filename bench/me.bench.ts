/**
 * Authenticated GET /api/me/ (token check, active-user lookup, CSRF cookie, security
 * headers, serialisation, one log line at the default level) against a bare Fastify route
 * answering a constant, both loaded by wrk over real HTTP in alternating rounds so a busy
 * moment of the machine falls on both sides. The median of the rounds' ratios is the figure.
 */
import Fastify from "fastify";
import { request } from "undici";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { hashPassword } from "../server/features/auth/service";
import { insertUser } from "../server/features/users/repository";
import { createRuntime } from "../server/runtime";
import { freshBenchDatabase } from "./bench-database";
import { runWrk } from "./wrk";

const ROUNDS = 9;
const SECONDS = 2;
// A browser sends the CSRF cookie on every request; both sides receive it.
const CSRF_COOKIE = "csrftoken=abcdefghijklmnopqrstuvwxyz012345";

export async function run() {
  const { database } = await freshBenchDatabase("frio_bench_me");
  const config = loadConfig({ DATA_DIR: "/tmp/frio-bench", JWT_SECRET: "b".repeat(40) });
  const runtime = await createRuntime(config, { database });
  // The app's default level and log writer, pointed at /dev/null instead of stdout.
  const app = await buildApp({ ...runtime, logFile: "/dev/null" });
  const username = `bench${Date.now()}`;
  await insertUser(database.db, {
    username,
    email: "",
    passwordHash: await hashPassword("bench-password"),
    groupId: 2,
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const login = await request(`${base}/api/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "bench-password" }),
  });
  const { access } = (await login.body.json()) as { access: string };

  const bare = Fastify();
  bare.get("/me", async () => ({ id: 1, username: "x" }));
  const bareBase = await bare.listen({ port: 0, host: "127.0.0.1" });

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
  const rounds: { baseline: number; ours: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = (await load(`${bareBase}/me`, {})).requestsPerSecond;
    const ours = (await load(`${base}/api/me/`, { authorization: `Bearer ${access}` })).requestsPerSecond;
    rounds.push({ baseline, ours });
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `database: ${database.kind}, log level: ${config.logLevel}, ${ROUNDS} alternating rounds of ${SECONDS} s`,
  );
  console.log(`bare fastify route:      ${median(rounds.map((r) => r.baseline)).toFixed(0)} req/s (median)`);
  console.log(`GET /api/me/ (auth):     ${median(rounds.map((r) => r.ours)).toFixed(0)} req/s (median)`);
  console.log(
    `ratio (ours / baseline): ${median(rounds.map((r) => r.ours / r.baseline)).toFixed(3)} (median of rounds; target ≥ 0.6)`,
  );
  await bare.close();
  await app.close();
  await runtime.close();
}
