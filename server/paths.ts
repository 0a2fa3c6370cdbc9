import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's root: the nearest folder above this module that holds package.json. The
 * same code runs from `server/` through the TypeScript loader and bundled from `dist/`, so
 * files read at run time (migrations, the built web) are found from the root, not from
 * where this module happens to sit.
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

const ROOT = projectRoot(dirname(fileURLToPath(import.meta.url)));
export const WEB_DIST = join(ROOT, "web", "dist");
export const MIGRATIONS_FOLDER = join(ROOT, "drizzle", "migrations");
export const FUNCTIONS_FOLDER = join(ROOT, "drizzle", "functions");
