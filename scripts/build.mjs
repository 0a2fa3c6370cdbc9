// @ts-check
/**
 * Builds what is missing or stale: the web (Vite, into web/dist) and the server, workers
 * and command-line tools (esbuild, into dist/, packages left to node_modules). Each output
 * keeps a hash of the files it was built from; a change to any of them builds it again.
 * Plain JavaScript, so `npm start` needs no TypeScript loader to decide or to run.
 *
 *   node scripts/build.mjs [web] [server] [--force]
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Entry points of the compiled JavaScript, by their place in dist/. */
export const SERVER_ENTRIES = [
  "server/main.ts",
  "workers/main.ts",
  "server/cli/backup.ts",
  "server/cli/restore.ts",
  "server/cli/create-database.ts",
];

const SHARED_INPUTS = ["domain", "package-lock.json", "tsconfig.json", "scripts/build.mjs"];

/** @typedef {"web" | "server"} Target */

/** @type {Record<Target, { inputs: string[]; output: string; build(): Promise<void> }>} */
const TARGETS = {
  web: { inputs: ["web", ...SHARED_INPUTS], output: "web/dist", build: buildWeb },
  server: { inputs: ["server", "workers", "drizzle", ...SHARED_INPUTS], output: "dist", build: buildServer },
};

const STAMP = ".build-hash";
const LOCK = join(ROOT, ".build.lock");
/** Folders that are outputs or installs, never inputs. */
const SKIPPED = new Set(["node_modules", "dist"]);

/** The files of `path` (a file or a folder), relative to the root. @param {string} path @returns {string[]} */
function filesOf(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .filter((name) => !SKIPPED.has(name) && !name.startsWith("."))
    .flatMap((name) => filesOf(join(path, name)));
}

/** @param {string[]} inputs */
function hashOf(inputs) {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap(filesOf).sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(ROOT, file)))
      .update("\0");
  return hash.digest("hex");
}

/** @param {string} output */
const builtHash = (output) => {
  const stamp = join(ROOT, output, STAMP);
  return existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;
};

async function buildWeb() {
  const { build } = await import("vite");
  await build({ configFile: join(ROOT, "web", "vite.config.ts"), logLevel: "warn" });
}

async function buildServer() {
  const { build } = await import("esbuild");
  rmSync(join(ROOT, "dist"), { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: "dist",
    outbase: ".",
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    // Dependencies load from node_modules as they are: native modules, wasm and their own files stay theirs.
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
  });
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * One build at a time in this folder (an API and a worker started together, or test files
 * in parallel); a lock left by a process that died is taken over.
 * @template T @param {() => Promise<T>} work @returns {Promise<T>}
 */
async function alone(work) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), String(process.pid));
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
      const holder = Number(existsSync(join(LOCK, "pid")) ? readFileSync(join(LOCK, "pid"), "utf8") : NaN);
      if (holder && !alive(holder)) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Builds each target whose inputs changed since its last build (all of them with `force`).
 * @param {Target[]} targets @param {{ force?: boolean; log?: (message: string) => void }} [options]
 */
export async function ensureBuilt(targets, { force = false, log = (message) => console.log(message) } = {}) {
  for (const target of targets) {
    const { inputs, output, build } = TARGETS[target];
    const hash = hashOf(inputs);
    if (!force && builtHash(output) === hash) continue;
    await alone(async () => {
      // Another process may have built it while this one waited.
      if (!force && builtHash(output) === hash) return;
      const started = Date.now();
      log(`[build] ${target}: building ${output}/`);
      await build();
      writeFileSync(join(ROOT, output, STAMP), `${hash}\n`);
      log(`[build] ${target}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const named = /** @type {Target[]} */ (args.filter((arg) => arg in TARGETS));
  const unknown = args.filter((arg) => !(arg in TARGETS) && arg !== "--force");
  if (unknown.length) {
    console.error(`unknown argument: ${unknown.join(" ")} (expected ${Object.keys(TARGETS).join(", ")}, --force)`);
    process.exit(2);
  }
  const targets = named.length ? named : /** @type {Target[]} */ (["web", "server"]);
  await ensureBuilt(targets, { force: args.includes("--force") });
  console.log(`[build] up to date: ${targets.map((target) => `${TARGETS[target].output}/`).join(", ")}`);
}
