import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_JWT_SECRET } from "./app";
import { freePort } from "./redis-server";

const SERVER_MAIN = fileURLToPath(new URL("../../server/main.ts", import.meta.url));

/** The production API process (`npm start` without the web build) on a test database; resolves once it listens. */
export async function spawnServer(options: { databaseUrl: string; redisUrl: string }): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const port = await freePort();
  const child = fork(SERVER_MAIN, [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), "frio-server-")),
      JWT_SECRET: TEST_JWT_SECRET,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      MAP_STYLE_URL: "off",
      GEOCODER_URL: "off",
    },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("escuchando") && resolve());
    void exited.then((code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, port, exited };
}
