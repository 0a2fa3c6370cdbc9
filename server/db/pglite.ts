import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";

/**
 * PGlite's Postgres lives in this process's WebAssembly memory, which never shrinks: the
 * server defaults (shared_buffers 128 MB, zeroed at start, memory for 100 connections) cost
 * ~150 MB resident before the first query. One connection with 16 MB of buffers holds an
 * office's data (tens of MB) as well (docs/decisions/platform/0163-embedded-database-memory.md).
 */
const MEMORY = [
  ["shared_buffers", "16MB"],
  ["max_connections", "5"],
  ["work_mem", "4MB"],
  ["maintenance_work_mem", "16MB"],
  ["temp_buffers", "2MB"],
].flatMap(([name, value]) => ["-c", `${name}=${value}`]);

/** A PGlite on `path` (in memory without one) with the embedded server's memory settings. */
export const newPglite = (path?: string, options: PGliteOptions = {}) =>
  new PGlite(path, { ...options, startParams: [...PGlite.defaultStartParams, ...MEMORY] });

/**
 * The entry that creates a database: compiled, beside this code's chunk (dist/chunks/) or
 * bundle (dist/server/); or its source, under tsx (`npm run dev`).
 */
function creatorEntry(): string {
  const candidates = ["../server/cli/create-database.js", "./cli/create-database.js", "../cli/create-database.ts"];
  const paths = candidates.map((c) => fileURLToPath(new URL(c, import.meta.url)));
  return paths.find((p) => existsSync(p)) ?? paths.at(-1)!;
}

/**
 * A new data directory is created (PGlite's initdb) by a short-lived process of its own: the
 * initdb module, its file bundle and their copies are ~350 MB that V8 frees only at some later
 * full collection, so a server that created its database in place held 480–690 MB right after
 * start, against ~250 MB once the directory exists.
 */
export async function createInItsOwnProcess(path: string) {
  if (existsSync(join(path, "PG_VERSION"))) return;
  const child = fork(creatorEntry(), [path], { stdio: "inherit" });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database in ${path} failed (exit ${code})`);
}
