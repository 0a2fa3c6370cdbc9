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
import { compiledEntry, runCompiled, startServer, type ServerProcess } from "../helpers/server-process";

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
});
