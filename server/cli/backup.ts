import { createWriteStream, existsSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { consoleErrors } from "../connection-errors";
import { openDatabase } from "../db/client";
import { backupThroughApp } from "../features/backups/control-socket";
import { createBackupsService } from "../features/backups/service";
import { DataDirLocked, lockDataDir } from "../operations/data-dir-lock";
import type { Config } from "../config";
import { bilingual, Refused, runCommand } from "./messages";

/**
 * `npm run backup -- FILE`: production, pg_dump of DATABASE_URL; embedded, through the
 * running app (its control socket), or from the data directory when the app is stopped.
 */
async function backup(path: string, config: Config): Promise<string> {
  const file = resolve(path);
  if (existsSync(file))
    throw new Refused(
      bilingual(`${file} ya existe: elegí otro nombre.`, `${file} already exists: choose another name.`),
    );
  if (config.mode === "production") return written(file, await fromDatabase(file, config));

  const lock = await lockDataDir(config.dataDir).catch((error) => {
    if (error instanceof DataDirLocked) return null;
    throw error;
  });
  if (lock) {
    try {
      if (!existsSync(join(config.dataDir, "pglite")))
        throw new Refused(bilingual(`${config.dataDir} no tiene datos.`, `${config.dataDir} holds no data.`));
      return written(file, await fromDatabase(file, config));
    } finally {
      lock.release();
    }
  }
  const partial = `${file}.partial`;
  await backupThroughApp(config.dataDir, createWriteStream(partial, { mode: 0o600 })).catch(async (error: Error) => {
    await rm(partial, { force: true });
    throw new Refused(
      bilingual(
        `La aplicación en marcha no pudo escribir la copia: ${error.message}`,
        `The running app could not write the backup: ${error.message}`,
      ),
    );
  });
  await rename(partial, file);
  return written(file, (await stat(file)).size);
}

async function fromDatabase(file: string, config: Config): Promise<number> {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl, poolSize: 1 } : { dataDir: config.dataDir },
    consoleErrors(config.logLevel, "database"),
  );
  try {
    return await createBackupsService({ database, config }).writeFile(file, "command");
  } finally {
    await database.close();
  }
}

const written = (file: string, bytes: number) =>
  bilingual(`Copia de seguridad escrita en ${file} (${bytes} bytes).`, `Backup written to ${file} (${bytes} bytes).`);

await runCommand("usage: npm run backup -- FILE", backup);
