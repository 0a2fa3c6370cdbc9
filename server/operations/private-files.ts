import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Owner only: the data directory holds the database, the JWT secret, photos and backups. */
const DIR_MODE = 0o700;

/**
 * Files this process creates from now on are its user's alone (0600, directories 0700), and
 * those already under `dir` are tightened to the same (a file keeps its owner's bits only). PGlite unpacks its initial database
 * with the archive's modes (0666: writable by every local account) and chmods its files
 * itself, so the umask alone is not enough: called again once the database is open.
 * Symbolic links are left alone (their target may lie outside the data directory).
 */
export function keepPrivate(dir: string) {
  process.umask(0o077);
  tighten(dir);
}

function tighten(path: string) {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== DIR_MODE) chmodSync(path, DIR_MODE);
    for (const name of readdirSync(path)) tighten(join(path, name));
  } else if (stat.mode & 0o077) chmodSync(path, stat.mode & 0o700);
}
