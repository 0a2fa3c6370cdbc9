/**
 * What the browser benchmarks share: the app on a fresh database with one signed-in-able
 * user, and the script files a page fetched, sized as the build's gzip copies.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { hashPassword } from "../server/features/auth/service";
import { insertUser } from "../server/features/users/repository";
import { createRuntime } from "../server/runtime";
import { PROCESSORS } from "../workers/registry";
import { dropBenchDatabase, freshBenchDatabase } from "./bench-database";

export const BENCH_PASSWORD = "bench-password";
const ASSETS = fileURLToPath(new URL("../web/dist/assets/", import.meta.url));

/** The app listening on a free port over its own database, and a Vendedor (group 2) to sign in as. */
export async function startWebApp(name: string) {
  // Named per process: two engineers benchmarking at once must not drop each other's database.
  const databaseName = `frio_bench_${name}_${process.pid}`;
  const { database } = await freshBenchDatabase(databaseName);
  const dataDir = mkdtempSync(join(tmpdir(), `frio-bench-${name}-`));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "w".repeat(40), LOG_LEVEL: "silent" });
  const runtime = await createRuntime(config, PROCESSORS, { database });
  const app = await buildApp({ ...runtime, logger: false });
  const username = `web${Date.now()}`;
  await insertUser(database.db, {
    username,
    email: "",
    passwordHash: await hashPassword(BENCH_PASSWORD),
    groupId: 2,
    firstName: "Lucía",
    lastName: "Banco",
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    base,
    username,
    runtime,
    async close() {
      await app.close();
      await runtime.close();
      await dropBenchDatabase(databaseName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fetched script's size as the build's gzip copy (its plain size when too small to have one). */
export function gzipKb(urls: string[]) {
  let gzip = 0;
  let plain = 0;
  for (const url of new Set(urls)) {
    const file = join(ASSETS, basename(new URL(url).pathname));
    if (!existsSync(file)) continue;
    plain += statSync(file).size;
    gzip += existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : readFileSync(file).length;
  }
  // One decimal: a figure at the edge of its target is read as it is, not rounded onto it.
  return { gzipKb: Math.round(gzip / 102.4) / 10, plainKb: Math.round(plain / 1024) };
}
