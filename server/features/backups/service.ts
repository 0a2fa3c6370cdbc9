import { consoleErrors } from "../../connection-errors";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BackupStatus, BackupTrigger } from "@domain/contracts/backups";
import type { Config } from "../../config";
import type { DatabaseHandle } from "../../db/client";
import { Unavailable } from "../../errors";
import { recordAudit } from "../audit";
import { writeEmbeddedArchive } from "./archive";
import { pgDump } from "./postgres-tools";
import { lastBackup, lastFailure, recordBackup, recordFailure } from "./repository";

const BACKUP_FAILED = "No se pudo generar la copia de seguridad.";

/** `frio-20261124-210000.tar` (embedded) or `.dump` (pg_dump's custom format), in UTC. */
export function backupFileName(mode: Config["mode"], at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `frio-${stamp}.${mode === "embedded" ? "tar" : "dump"}`;
}

export type BackupsService = ReturnType<typeof createBackupsService>;

/**
 * Backups of the whole deployment while it runs: embedded, PGlite's data directory (taken
 * between transactions after a checkpoint) and the uploaded photos in one tar; in
 * production, pg_dump's custom format. Every backup, and every failure, is recorded where
 * the Admin's /settings reads it.
 */
export function createBackupsService({ database, config }: { database: DatabaseHandle; config: Config }) {
  const { db } = database;
  const logError = consoleErrors(config.logLevel, "backups");
  const uploadsDir = join(config.dataDir, "uploads");

  const produce = async (out: Writable) => {
    if (config.mode === "production") return pgDump(config.databaseUrl!, out);
    await writeEmbeddedArchive(await database.dumpDataDir!(), uploadsDir, out);
  };

  /** Runs `work`, which answers the backup's size in bytes, and records its success or failure. */
  async function recorded(trigger: BackupTrigger, work: () => Promise<number>): Promise<number> {
    const at = new Date().toISOString();
    try {
      const bytes = await work();
      await recordBackup(db, { at, bytes, trigger });
      return bytes;
    } catch (error) {
      await recordFailure(db, { at, trigger, message: (error as Error).message.slice(0, 500) }).catch(
        (recordError: Error) => logError(`backup failure not recorded: ${recordError.message}`),
      );
      throw error;
    }
  }

  /** Writes a backup to `file` (through a `.partial` name, so a file of that name is always whole); its size. */
  const writeFile = (file: string, trigger: BackupTrigger) =>
    recorded(trigger, async () => {
      const partial = `${file}.partial`;
      const out = createWriteStream(partial, { mode: 0o600 });
      try {
        await produce(out);
        await rename(partial, file);
        return (await stat(file)).size;
      } catch (error) {
        out.destroy();
        await rm(partial, { force: true });
        throw error;
      }
    });

  return {
    writeFile,

    /** A fresh backup for a download: written whole to a temporary file first, so a failure is an answer, not a cut file. */
    async download(actorId: number) {
      const dir = await mkdtemp(join(tmpdir(), "frio-backup-"));
      const filename = backupFileName(config.mode, new Date());
      const file = join(dir, filename);
      const size = await writeFile(file, "download")
        // The whole database leaves with it: who took it, and when, is audited before it is sent.
        .then(async (bytes) => {
          await recordAudit(db, {
            actorId,
            action: "backup.downloaded",
            entity: "backup",
            entityId: null,
            before: null,
            after: { filename, bytes },
          });
          return bytes;
        })
        .catch((error: Error) => {
          void rm(dir, { recursive: true, force: true });
          throw Object.assign(new Unavailable(BACKUP_FAILED), { cause: error });
        });
      const stream = createReadStream(file);
      stream.once("close", () => void rm(dir, { recursive: true, force: true }));
      return { filename, size, stream };
    },

    /** Streams a backup to `out` (the running app answering `npm run backup`). */
    write: (out: Writable, trigger: BackupTrigger) =>
      recorded(trigger, async () => {
        let bytes = 0;
        const counter = new PassThrough().on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        const produced = produce(counter).catch((error: Error) => void counter.destroy(error));
        await Promise.all([produced, pipeline(counter, out)]);
        return bytes;
      }),

    /** When the last backup that worked was written (the metrics' backup age). */
    async lastSuccessAt(): Promise<Date | null> {
      const last = await lastBackup(db);
      return last ? new Date(last.at) : null;
    },

    async status(): Promise<BackupStatus> {
      const [last, failure] = await Promise.all([lastBackup(db), lastFailure(db)]);
      return {
        mode: config.mode,
        last,
        failure: failure && (!last || failure.at > last.at) ? failure : null,
        schedule: config.backups ? { every_minutes: config.backups.everyMinutes, keep: config.backups.keep } : null,
      };
    },
  };
}
