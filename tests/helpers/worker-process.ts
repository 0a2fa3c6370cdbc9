import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("./slow-worker.ts", import.meta.url));

/** A separate worker process running one real processor slowly on a private queue. */
export function spawnSlowWorker(options: {
  databaseUrl: string;
  redisUrl: string;
  queue: string;
  delayMs: number;
  processor?: string;
}) {
  return fork(SCRIPT, [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      QUEUE: options.queue,
      DELAY_MS: String(options.delayMs),
      PROCESSOR: options.processor ?? "purge",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

export const workerSaid = (child: ChildProcess, message: string) =>
  new Promise<void>((resolve) => child.on("message", (m) => m === message && resolve()));

export async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const WORKER_MAIN = fileURLToPath(new URL("../../workers/main.ts", import.meta.url));

/** The production worker process (`npm run workers`); resolves once it consumes. */
export async function spawnWorker(options: { databaseUrl: string; redisUrl: string }): Promise<ChildProcess> {
  const child = fork(WORKER_MAIN, [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      DATA_DIR: "/tmp/frio-test-worker",
      JWT_SECRET: "w".repeat(40),
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("Frío workers") && resolve());
    child.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return child;
}
