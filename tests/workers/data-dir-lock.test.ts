import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  embeddedDatabaseState,
  embeddedEnv,
  lockHolder,
  readLedger,
  writeLedger,
  type Ledger,
} from "../helpers/embedded-server";
import {
  compiledEntry,
  processState,
  runCompiled,
  startServer,
  startUnreaped,
  type ServerProcess,
} from "../helpers/server-process";

/** A first start initialises PGlite and seeds the demo data: minutes on a loaded machine. Never a measure. */
const PROCESS_TIMEOUT_MS = 300_000;

const dataDir = mkdtempSync(join(tmpdir(), "frio-lock-"));
let server: ServerProcess;
let ledger: Ledger;

beforeAll(async () => {
  server = await startServer(embeddedEnv(dataDir));
  ledger = await writeLedger(server.url);
}, PROCESS_TIMEOUT_MS);

afterAll(() => {
  server.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("one process per embedded data directory", () => {
  it(
    "a second start on the data directory exits non-zero, naming the directory and the holder's pid in Spanish and English; the first serves on",
    async () => {
      expect(lockHolder(dataDir)).toBe(server.child.pid);
      const second = runCompiled(await compiledEntry("server"), { ...embeddedEnv(dataDir), PORT: "0" });
      const code = await second.exited;

      expect(code).not.toBe(0);
      expect(second.output()).toContain(
        `El directorio de datos ${dataDir} ya está en uso por otro proceso de Frío (pid ${server.child.pid}).`,
      );
      expect(second.output()).toContain(
        `The data directory ${dataDir} is already in use by another Frío process (pid ${server.child.pid}).`,
      );
      expect(second.output()).not.toContain("escuchando");
      expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
      expect(lockHolder(dataDir)).toBe(server.child.pid);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    "SIGTERM checkpoints and closes the embedded database, releases the lock and exits 0",
    async () => {
      expect(embeddedDatabaseState(dataDir)).toBe("open");
      server.child.kill("SIGTERM");

      expect(await server.exited).toBe(0);
      expect(embeddedDatabaseState(dataDir)).toBe("shut down");
      expect(lockHolder(dataDir)).toBeNull();
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    "a lock left by a killed process is taken over at the next start, with every order and stock figure as they were",
    async () => {
      const killed = await startServer(embeddedEnv(dataDir));
      killed.child.kill("SIGKILL");
      await killed.exited;
      expect(lockHolder(dataDir)).toBe(killed.child.pid);

      server = await startServer(embeddedEnv(dataDir));
      expect(lockHolder(dataDir)).toBe(server.child.pid);
      const read = await readLedger(server.url, ledger);
      expect(read.order).toMatchObject({ order_id: ledger.orderId });
      expect(read.stock).toBe(ledger.stock);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    "five kill -9 each followed at once by a start: each start takes the lock over from the zombie and serves",
    async () => {
      server.child.kill("SIGKILL");
      await server.exited;
      const started: (ServerProcess & { pid: number })[] = [];
      try {
        let holder = await startUnreaped(embeddedEnv(dataDir));
        started.push(holder);
        for (let restart = 1; restart <= 5; restart++) {
          process.kill(holder.pid, "SIGKILL");
          // Its parent never reaps it: the holder stays a zombie while the next start looks at the lock.
          const next = startUnreaped(embeddedEnv(dataDir));
          const killed = holder.pid;
          holder = await next;
          started.push(holder);
          expect(processState(killed), `restart ${restart}`).toBe("Z");
          expect(lockHolder(dataDir), `restart ${restart}`).toBe(holder.pid);
          expect((await fetch(`${holder.url}/api/health/`)).status, `restart ${restart}`).toBe(200);
        }
        expect((await readLedger(holder.url, ledger)).stock).toBe(ledger.stock);
      } finally {
        const last = started.at(-1);
        if (last) process.kill(last.pid, "SIGKILL");
        // Each parent's end hands its zombie to init, which reaps it.
        for (const { child } of started) child.kill("SIGKILL");
      }
    },
    PROCESS_TIMEOUT_MS,
  );
});
