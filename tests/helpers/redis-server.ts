import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { Redis } from "ioredis";

export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A Redis server of the test's own, so killing or restarting it touches no other test. */
export function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "pipe" },
  );
  return new Promise((resolve) =>
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("Ready to accept") && resolve(child)),
  );
}

/** Drops every pub/sub connection on the server, as a network blip or a Redis failover would. */
export async function killSubscribers(port: number): Promise<number> {
  const admin = new Redis({ port, host: "127.0.0.1", maxRetriesPerRequest: 1 });
  try {
    return Number(await admin.call("CLIENT", "KILL", "TYPE", "pubsub"));
  } finally {
    admin.disconnect();
  }
}
