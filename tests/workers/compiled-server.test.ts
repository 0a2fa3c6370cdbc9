import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "../../scripts/build.mjs";
import { TEST_JWT_SECRET } from "../helpers/app";
import { openTestDatabase } from "../helpers/database";
import { compiledEntry, startServer } from "../helpers/server-process";

const { redisUrl, missing } = inject("services");
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

  it("imports at run time only packages of `dependencies`: the image installs no others (npm ci --omit=dev)", async () => {
    await compiledEntry("server");
    const dist = join(ROOT, "dist");
    const files = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
    // Every entry of SERVER_ENTRIES is there: the server, the workers, backup and restore.
    expect(files).toEqual(
      expect.arrayContaining(["server/main.js", "workers/main.js", "server/cli/backup.js", "server/cli/restore.js"]),
    );
    const imported = new Set<string>();
    for (const file of files) {
      const code = readFileSync(join(dist, file), "utf8");
      for (const [, specifier] of code.matchAll(
        /(?:^\s*(?:import|export)\b[^;]*?\bfrom\s*|^\s*import\s*|\bimport\()"([^"]+)"/gm,
      ))
        if (!specifier!.startsWith(".")) imported.add(specifier!);
    }
    const packageOf = (specifier: string) =>
      specifier
        .split("/")
        .slice(0, specifier.startsWith("@") ? 2 : 1)
        .join("/");
    const builtins = new Set(builtinModules);
    const packages = [...imported].filter((s) => !s.startsWith("node:") && !builtins.has(s)).map(packageOf);
    expect(packages).toContain("fastify");
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    for (const name of new Set(packages)) expect(Object.keys(manifest.dependencies), name).toContain(name);
  });
});
