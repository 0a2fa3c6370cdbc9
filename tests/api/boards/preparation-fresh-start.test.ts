import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PreparationBoard } from "@domain/contracts/preparation";
import type { OrderRow } from "@domain/contracts/orders";
import { STATUS } from "@domain/order-status";

const MAIN = fileURLToPath(new URL("../../../server/main.ts", import.meta.url));
/** Issue 29: the board holds every open demo order within 5 s of the server answering. */
const COMPLETE_WITHIN_MS = 5_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let server: ChildProcess;
let dataDir: string;
let baseUrl: string;
let adminPassword: string;

/** `npm start` on a new data dir: embedded (no DATABASE_URL or REDIS_URL), seeded with demo data. */
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "frio-fresh-"));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
  server = fork(MAIN, [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      MAP_STYLE_URL: "off",
      GEOCODER_URL: "off",
    },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      // The credentials are printed once, after the server listens.
      const admin = /^\s*Admin\s+admin\s+(\S+)$/m.exec(output);
      if (admin) {
        adminPassword = admin[1]!;
        resolve();
      }
    });
    server.once("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  // Migrations and demo data on PGlite take long on a busy machine: the 5 s count from the first answer.
}, 240_000);

afterAll(async () => {
  if (server?.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function signInAsAdmin() {
  const response = await fetch(`${baseUrl}/api/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: adminPassword }),
  });
  expect(response.status).toBe(200);
  const { access } = (await response.json()) as { access: string };
  return async <T>(path: string) => {
    const answer = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${access}` } });
    expect(answer.status).toBe(200);
    return (await answer.json()) as T;
  };
}

describe("a fresh embedded start", () => {
  it("shows every open demo order on the preparation board within 5 s", async () => {
    const started = Date.now();
    const get = await signInAsAdmin();
    const open: OrderRow[] = [];
    for (const status of [STATUS.confirmed, STATUS.pending])
      open.push(
        ...(await get<{ results: OrderRow[] }>(`/orders/?filter=status&status_id=${status}&limit=500`)).results,
      );
    expect(open.length).toBeGreaterThan(5);
    const dates = [...new Set(open.map((o) => o.Delivery_Date))];

    const boardIds = async () => {
      const boards = await Promise.all(
        dates.map((date) => get<PreparationBoard>(`/preparation/?delivery_date=${date}`)),
      );
      return boards
        .flatMap((b) => b.batches.flatMap((batch) => batch.orders.map((o) => o.PK_Orders)))
        .sort((a, b) => a - b);
    };
    const expected = open.map((o) => o.PK_Orders).sort((a, b) => a - b);
    let shown = await boardIds();
    while (shown.join() !== expected.join() && Date.now() - started < COMPLETE_WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = await boardIds();
    }
    expect(shown).toEqual(expected);
  });
});
