/**
 * Authenticated GET /api/me/ (JWT check + active-user lookup + serialisation) against a
 * bare Fastify route answering a constant on the same machine, over real HTTP.
 */
import Fastify from "fastify";
import { Agent, request } from "undici";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { hashPassword } from "../server/features/auth/service";
import { insertUser } from "../server/features/users/repository";
import { createRuntime } from "../server/runtime";
import { freshBenchDatabase } from "./bench-database";
import { measureThroughput } from "./load";

export async function run() {
  const agent = new Agent({ connections: 32, pipelining: 1 });
  const { database } = await freshBenchDatabase("frio_bench_me");
  const config = loadConfig({ DATA_DIR: "/tmp/frio-bench", JWT_SECRET: "b".repeat(40), LOG_LEVEL: "silent" });
  const runtime = await createRuntime(config, { database });
  const app = await buildApp({ ...runtime, logger: false });
  const username = `bench${Date.now()}`;
  await insertUser(database.db, { username, email: "", passwordHash: await hashPassword("bench-password"), groupId: 2 });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const login = await request(`${base}/api/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "bench-password" }),
    dispatcher: agent,
  });
  const { access } = (await login.body.json()) as { access: string };

  const bare = Fastify();
  bare.get("/me", async () => ({ id: 1, username: "x" }));
  const bareBase = await bare.listen({ port: 0, host: "127.0.0.1" });

  const hit = (url: string, headers: Record<string, string> = {}) => async () => {
    const response = await request(url, { headers, dispatcher: agent });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
  };
  const baseline = await measureThroughput(hit(`${bareBase}/me`));
  const ours = await measureThroughput(hit(`${base}/api/me/`, { authorization: `Bearer ${access}` }));
  console.log(`database: ${database.kind}`);
  console.log(`bare fastify route:      ${baseline.requestsPerSecond.toFixed(0)} req/s`);
  console.log(`GET /api/me/ (auth):     ${ours.requestsPerSecond.toFixed(0)} req/s`);
  console.log(`ratio (ours / baseline): ${(ours.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}`);
  await bare.close();
  await app.close();
  await runtime.close();
  await agent.close();
}
