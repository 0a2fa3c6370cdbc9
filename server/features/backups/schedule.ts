import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../../config";
import type { Database } from "../../db/types";
import { claimScheduledBackup, retryScheduledBackupIn } from "./repository";
import { backupFileName, type BackupsService } from "./service";

/** A failed scheduled backup is tried again this much later (or a period later, if that is sooner). */
const RETRY_MINUTES = 10;
/** How often the schedule looks whether a backup is due. */
const CHECK_MS = 60_000;
/** The files this schedule writes, and the only ones it prunes. */
const OURS = /^frio-\d{8}-\d{6}\.(tar|dump)$/;

export interface BackupSchedule {
  stop(): Promise<void>;
}

/**
 * Every `everyMinutes` (counted from the last scheduled backup, whichever process wrote it),
 * a backup into `dir`, keeping the newest `keep` of its files. Runs where the jobs run (the
 * app when embedded, each worker process in production): a claim in the database lets one
 * process write each one. A failure is logged and recorded for the Admin, and tried again
 * ten minutes later.
 */
export function startBackupSchedule(options: {
  db: Database;
  backups: BackupsService;
  schedule: NonNullable<Config["backups"]>;
  mode: Config["mode"];
  log: (message: string) => void;
}): BackupSchedule {
  const { db, backups, schedule, mode, log } = options;
  let running: Promise<void> | null = null;

  async function prune() {
    const files = (await readdir(schedule.dir)).filter((name) => OURS.test(name)).sort();
    for (const name of files.slice(0, Math.max(0, files.length - schedule.keep)))
      await rm(join(schedule.dir, name), { force: true });
  }

  async function backupIfDue() {
    if (!(await claimScheduledBackup(db, schedule.everyMinutes))) return;
    const file = join(schedule.dir, backupFileName(mode, new Date()));
    try {
      await mkdir(schedule.dir, { recursive: true });
      const bytes = await backups.writeFile(file, "scheduled");
      log(`backup written: ${file} (${bytes} bytes)`);
      await prune();
    } catch (error) {
      log(`backup failed: ${(error as Error).message}`);
      await retryScheduledBackupIn(db, schedule.everyMinutes, RETRY_MINUTES).catch((retryError: Error) =>
        log(`backup retry not scheduled: ${retryError.message}`),
      );
    }
  }

  const check = () => {
    running ??= backupIfDue()
      .catch((error: Error) => log(`backup check failed: ${error.message}`))
      .finally(() => (running = null));
  };
  const timer = setInterval(check, Math.min(CHECK_MS, (schedule.everyMinutes * 60_000) / 4));
  timer.unref();
  check();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
