import type { ExportTable } from "@domain/contracts/exports";
import type { DatabaseHandle } from "../../db/client";
import type { Jobs } from "../../jobs/types";
import { createDirectDownloads, type ExportsLog } from "./direct-downloads";
import { createKeptExports } from "./kept-exports";
import { latestId } from "./ranges";

export interface ExportsDeps {
  database: DatabaseHandle;
  jobs: Jobs;
  /** Disk all kept export files may take together (EXPORT_QUOTA_MB). */
  quotaBytes: number;
  /** A download whose reader takes nothing for this long is ended (EXPORT_STALL_MS). */
  stallMs?: number;
  log?: ExportsLog;
}

/** The exports feature's service, one object for its routes: the kept files of the async form, the direct downloads, the range's last id. */
export function createExportsService({ database, jobs, quotaBytes, stallMs = 30_000, log }: ExportsDeps) {
  return {
    ...createKeptExports({ db: database.db, jobs, quotaBytes }),
    ...createDirectDownloads({ database, stallMs, log }),
    latestId: (table: ExportTable) => latestId(database, table),
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
