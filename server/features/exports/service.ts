import { createReadStream, existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { SERVICE_UNAVAILABLE } from "../../../domain/contracts/errors";
import {
  EXPORT_FAILED,
  EXPORT_MESSAGE,
  EXPORT_QUOTA_FULL,
  isRanged,
  type ExportJobResponse,
  type ExportRequest,
  type ExportTable,
  type KeptExportsResponse,
} from "../../../domain/contracts/exports";
import type { DatabaseHandle } from "../../db/client";
import { Conflict, Invalid, NotFound } from "../../errors";
import type { Jobs } from "../../jobs/types";
import {
  deleteExportJob,
  findExportJob,
  insertExportJob,
  keptBytes,
  listExportJobs,
  updateExportJob,
  type ExportJob,
} from "./repository";
import { ExportAbandoned, exportSlots } from "./slots";
import { exportQuery } from "./tables";
import type { ExportStream } from "./stream";
import { csvStream, xlsxStream } from "./writers";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const toResponse = (job: ExportJob): ExportJobResponse => ({
  id: job.id,
  status: job.status as ExportJobResponse["status"],
  rows_done: job.rowsDone,
  rows_total: job.rowsTotal,
  file_url: job.status === "done" ? `/api/exports/${job.id}/file` : null,
  error: job.status === "failed" ? job.error : null,
  resumed: job.attempts > 1,
});

export interface ExportsDeps {
  database: DatabaseHandle;
  jobs: Jobs;
  /** Disk all kept export files may take together (EXPORT_QUOTA_MB). */
  quotaBytes: number;
  /** A download whose reader takes nothing for this long is ended (EXPORT_STALL_MS). */
  stallMs?: number;
  log?: { info(message: string): void; warn(message: string): void };
}

/** The download's reader took nothing for EXPORT_STALL_MS: the export is ended and its slot freed. */
class ExportStalled extends Error {}

export function createExportsService({ database, jobs, quotaBytes, stallMs = 30_000, log }: ExportsDeps) {
  const { db } = database;
  let stalled = 0;

  /** One table as a csv or xlsx stream, pulled from the database as the client reads. */
  function fileStream(request: ExportRequest): { stream: ExportStream; filename: string; contentType: string } {
    const ranged = isRanged(request.sql_table);
    const query = exportQuery(request.sql_table, {
      start: ranged ? request.start_id : null,
      end: ranged ? request.end_id : null,
    });
    const stamp = new Date().toISOString().slice(0, 10);
    const filename = `${request.sql_table}_${stamp}.${request.type_archive}`;
    return request.type_archive === "csv"
      ? {
          stream: csvStream(query.headers, query.kinds, database.copyText(query.text)),
          filename,
          contentType: "text/csv; charset=utf-8",
        }
      : {
          stream: xlsxStream(query.headers, query.kinds, database.copyText(query.text), request.sql_table),
          filename,
          contentType: XLSX_TYPE,
        };
  }

  return {
    /** The async form: a job writes the file and reports progress; the web downloads it when done. */
    async start(request: ExportRequest, userId: number) {
      if ((await keptBytes(db)) >= quotaBytes) throw new Conflict(EXPORT_QUOTA_FULL);
      const ranged = isRanged(request.sql_table);
      const job = await insertExportJob(db, {
        requestedBy: userId,
        tableName: request.sql_table,
        format: request.type_archive,
        startId: ranged ? request.start_id : null,
        endId: ranged ? request.end_id : null,
      });
      try {
        await jobs.enqueue("exports", { exportId: job.id }, { jobId: `export-${job.id}` });
      } catch (error) {
        // Never left 'queued' for good: the record says why, and the request answers 503.
        await updateExportJob(db, job.id, {
          status: "failed",
          error: `${EXPORT_FAILED} ${SERVICE_UNAVAILABLE}`,
          finishedAt: new Date(),
        });
        throw error;
      }
      return toResponse(job);
    },

    async status(id: string) {
      const job = await findExportJob(db, id);
      if (!job) throw new NotFound("La exportación no existe.");
      return toResponse(job);
    },

    async file(id: string) {
      const job = await findExportJob(db, id);
      if (job?.status !== "done" || !job.filePath || !existsSync(job.filePath))
        throw new NotFound("El archivo no está disponible.");
      return {
        stream: createReadStream(job.filePath),
        filename: `${job.tableName}_${job.createdAt.toISOString().slice(0, 10)}.${job.format}`,
      };
    },

    async latestId(table: ExportTable) {
      if (!isRanged(table)) throw new Invalid("Esa tabla no tiene rango de IDs.");
      const { from, idColumn } = exportQuery(table, { start: null, end: null });
      for await (const [row] of database.stream(
        `select coalesce(max(${idColumn}), 0)::int as last_id from ${from}`,
        [],
        1,
      )) {
        return { success: true as const, last_id: Number(row?.last_id ?? 0) };
      }
      return { success: true as const, last_id: 0 };
    },

    /** Kept files for the Admin's list, with the quota they count against. */
    async kept(): Promise<KeptExportsResponse> {
      const rows = await listExportJobs(db);
      return {
        results: rows.map(({ job, requestedBy }) => ({
          ...toResponse(job),
          table: job.tableName,
          format: job.format as "csv" | "xlsx",
          bytes: job.fileBytes,
          requested_by: requestedBy,
          created_at: job.createdAt.toISOString(),
          expires_at: job.expiresAt?.toISOString() ?? null,
        })),
        used_bytes: await keptBytes(db),
        quota_bytes: quotaBytes,
      };
    },

    /** Deletes a kept file and its record; a job still queued or running finds its record gone and stops. */
    async remove(id: string) {
      const row = await deleteExportJob(db, id);
      if (!row) throw new NotFound("La exportación no existe.");
      if (row.filePath) await rm(row.filePath, { force: true });
      return { success: true as const, message: "Exportación eliminada." };
    },

    /**
     * The file of one table as a stream, and its name for content-disposition. Waits for one of
     * the process's export slots, unless `clientGone` aborts first (then ExportAbandoned, and
     * nothing runs); the slot is given back when the stream ends or is dropped, or once its
     * reader has taken nothing for `stallMs` (the stream is destroyed with ExportStalled,
     * which cancels its query).
     */
    async open(
      request: ExportRequest,
      clientGone?: AbortSignal,
    ): Promise<{ stream: Readable; filename: string; contentType: string }> {
      if (!request.sql_table || !request.type_archive) throw new Invalid(EXPORT_MESSAGE);
      const release = await exportSlots.acquire(clientGone).catch((error: unknown) => {
        if (error instanceof ExportAbandoned)
          log?.info(`export of ${request.sql_table} dropped from the queue: its client left before it ran`);
        throw error;
      });
      try {
        const file = fileStream(request);
        const { stream } = file;
        const watch = setInterval(
          () => {
            if (stream.idleMs() < stallMs) return;
            stalled++;
            log?.warn(
              `export of ${request.sql_table} ended: its reader took nothing for ${stallMs} ms (slot freed, query cancelled)`,
            );
            stream.destroy(new ExportStalled(`no progress for ${stallMs} ms`));
          },
          Math.max(50, Math.min(1000, stallMs / 4)),
        );
        watch.unref();
        stream.once("close", () => {
          clearInterval(watch);
          release();
        });
        return file;
      } catch (error) {
        release();
        throw error;
      }
    },

    /** Downloads ended because their reader stopped, since the process started. */
    stalledDownloads: () => stalled,
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
