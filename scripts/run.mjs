// @ts-check
/**
 * Runs a compiled entry with plain `node`, after building what is missing or stale:
 *
 *   node scripts/run.mjs server | workers | backup FILE | restore FILE
 *
 * The entry is loaded in this process, so a start costs one Node start-up, not two.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, ROOT } from "./build.mjs";

/** @type {Record<string, { file: string; needs: ("web" | "server")[] }>} */
const ENTRIES = {
  server: { file: "dist/server/main.js", needs: ["web", "server"] },
  workers: { file: "dist/workers/main.js", needs: ["server"] },
  backup: { file: "dist/server/cli/backup.js", needs: ["server"] },
  restore: { file: "dist/server/cli/restore.js", needs: ["server"] },
};

const [name = "", ...rest] = process.argv.slice(2);
const entry = ENTRIES[name];
if (!entry) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(ENTRIES).join(" | ")} [arguments…]`);
  process.exit(2);
}
await ensureBuilt(entry.needs);
const file = join(ROOT, entry.file);
// The entry reads its own arguments as if started directly.
process.argv = [process.argv[0] ?? "node", file, ...rest];
// Stack traces name the TypeScript sources (dist/ carries linked source maps).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(file).href);
