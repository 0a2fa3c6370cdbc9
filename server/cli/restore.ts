import { createReadStream, existsSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Config } from "../config";
import { loadPgliteDataDir, openDatabase, type DatabaseTarget } from "../db/client";
import { backupKind, readEmbeddedArchive } from "../features/backups/archive";
import { pgRestore } from "../features/backups/postgres-tools";
import { userTableCount } from "../features/backups/repository";
import { markEveryBatchStale } from "../features/preparation/repository";
import { lockDataDir } from "../operations/data-dir-lock";
import { bilingual, Refused, runCommand } from "./messages";

const holdsFiles = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/**
 * `npm run restore -- FILE` into an empty target: the data directory (embedded, with the
 * app stopped) or the database of DATABASE_URL (production). A target that holds data is
 * refused, never merged into. The restored data's preparation batches are marked stale, so
 * the first sweep after the start batches every group again.
 */
async function restore(path: string, config: Config): Promise<string> {
  const file = resolve(path);
  const kind = existsSync(file) ? await backupKind(file) : null;
  if (!kind)
    throw new Refused(bilingual(`${file} no es una copia de seguridad de Frío.`, `${file} is not a Frío backup.`));
  if (kind !== config.mode) {
    throw new Refused(
      bilingual(
        `${file} es una copia del modo ${kind}; este es el modo ${config.mode}.`,
        `${file} is a ${kind} backup; this is ${config.mode} mode.`,
      ),
    );
  }
  if (config.mode === "production") await intoDatabase(file, config.databaseUrl!);
  else await intoDataDir(file, config.dataDir);
  return bilingual(
    `Copia restaurada desde ${file}. Ya se puede iniciar Frío.`,
    `Backup restored from ${file}. Frío can start now.`,
  );
}

async function intoDatabase(file: string, url: string) {
  const database = await openDatabase({ url, poolSize: 1 });
  const tables = await userTableCount(database.db).finally(() => database.close());
  const name = new URL(url).pathname.slice(1);
  if (tables)
    throw new Refused(
      bilingual(
        `La base de datos ${name} ya tiene datos (${tables} tablas): restaurá en una base vacía.`,
        `The database ${name} already holds data (${tables} tables): restore into an empty one.`,
      ),
    );
  await pgRestore(url, file);
  await batchesStale({ url, poolSize: 1 });
}

/** The restored batches were computed before the backup's last events: the next sweep batches every group. */
async function batchesStale(target: DatabaseTarget) {
  const database = await openDatabase(target);
  await markEveryBatchStale(database.db).finally(() => database.close());
}

async function intoDataDir(file: string, dataDir: string) {
  // The app must be stopped: a running one holds the lock, and this ends with its message.
  const lock = await lockDataDir(dataDir);
  const [pglite, uploads] = [join(dataDir, "pglite"), join(dataDir, "uploads")];
  try {
    if (holdsFiles(pglite) || holdsFiles(uploads)) {
      throw new Refused(
        bilingual(
          `El directorio de datos ${dataDir} ya tiene datos: restaurá en uno vacío.`,
          `The data directory ${dataDir} already holds data: restore into an empty one.`,
        ),
      );
    }
    try {
      await loadPgliteDataDir(dataDir, await readEmbeddedArchive(createReadStream(file), uploads));
      await batchesStale({ dataDir });
    } catch (error) {
      // Nothing half restored stays behind: the next try finds the directory empty again.
      await Promise.all([rm(pglite, { recursive: true, force: true }), rm(uploads, { recursive: true, force: true })]);
      throw error;
    }
  } finally {
    lock.release();
  }
}

await runCommand("usage: npm run restore -- FILE", restore);
