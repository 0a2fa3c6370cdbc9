import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "../../scripts/build.mjs";
import { TEST_JWT_SECRET } from "../helpers/app";
import { openTestDatabase } from "../helpers/database";
import { startServer } from "../helpers/server-process";

const { postgresUrl, redisUrl, missing } = inject("services");
const reason = missing.postgres ?? missing.redis ?? "";
/** A build after a source change and a start on a loaded machine: generous, never a measure. */
const PROCESS_TIMEOUT_MS = 180_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => void (await Promise.allSettled(cleanups.map((cleanup) => cleanup()))));

describe("the compiled server", () => {
  it.skipIf(!!reason)(
    `runs with plain node from dist/, finds its migrations and the built web, and stops on SIGTERM ${reason}`,
    async () => {
      const database = await openTestDatabase();
      await database.handle.close();
      const dataDir = mkdtempSync(join(tmpdir(), "frio-compiled-"));
      cleanups.push(async () => {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });
      const server = await startServer({
        DATABASE_URL: database.url!,
        REDIS_URL: redisUrl!,
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
      });
      cleanups.unshift(async () => void server.child.kill("SIGKILL"));

      expect(await (await fetch(`${server.url}/api/health/`)).json()).toMatchObject({
        status: "ok",
        mode: "production",
      });
      const commandLine = await readFile(`/proc/${server.child.pid}/cmdline`, "utf8");
      expect(commandLine.split("\0").filter(Boolean)).toEqual([
        process.execPath,
        join(ROOT, "dist", "server", "main.js"),
      ]);
      if (existsSync(join(ROOT, "web", "dist", "index.html"))) {
        const page = await fetch(`${server.url}/orders`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<html lang="es">');
      }

      // Without METRICS_TOKEN there is nothing to scrape.
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    },
    PROCESS_TIMEOUT_MS,
  );
});
