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
import type { AuditAction } from "../../../domain/contracts/audit";
import type { DatabaseHandle } from "../../db/client";
import type { Executor } from "../../db/types";
import { recordAudit } from "../audit";
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
import type { ExportStream } from "../../file-formats/stream";
import { csvStream, xlsxStream } from "../../file-formats/writers";

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

/** The ids an export covers: a table without a range is exported whole. */
function rangeOf(request: ExportRequest) {
  const ranged = isRanged(request.sql_table);
  return { start_id: ranged ? request.start_id : null, end_id: ranged ? request.end_id : null };
}
/** What an export's audit record says it took. */
const exported = (request: ExportRequest) => ({
  table: request.sql_table,
  format: request.type_archive,
  ...rangeOf(request),
});
const keptFile = (job: Pick<ExportJob, "tableName" | "format" | "startId" | "endId">) => ({
  table: job.tableName,
  format: job.format,
  start_id: job.startId,
  end_id: job.endId,
});

/** Data leaving the system is audited: who took which table, when (entity_id stays empty: export ids are uuids). */
function audit(
  db: Executor,
  actorId: number | null,
  action: AuditAction,
  what: object,
  side: "before" | "after" = "after",
) {
  return recordAudit(db, {
    actorId,
    action,
    entity: "export",
    entityId: null,
    before: side === "before" ? what : null,
    after: side === "after" ? what : null,
  });
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
      const range = rangeOf(request);
      const job = await db.transaction(async (tx) => {
        const inserted = await insertExportJob(tx, {
          requestedBy: userId,
          tableName: request.sql_table,
          format: request.type_archive,
          startId: range.start_id,
          endId: range.end_id,
        });
        await audit(tx, userId, "export.started", { export_id: inserted.id, ...exported(request) });
        return inserted;
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

    async file(id: string, actorId: number) {
      const job = await findExportJob(db, id);
      if (job?.status !== "done" || !job.filePath || !existsSync(job.filePath))
        throw new NotFound("El archivo no está disponible.");
      await audit(db, actorId, "export.downloaded", { export_id: job.id, ...keptFile(job) });
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
    async remove(id: string, actorId: number) {
      const row = await db.transaction(async (tx) => {
        const deleted = await deleteExportJob(tx, id);
        if (!deleted) throw new NotFound("La exportación no existe.");
        await audit(tx, actorId, "export.deleted", { export_id: id, ...keptFile(deleted) }, "before");
        return deleted;
      });
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
      /** Who asked; null for a run without a user (the benchmark). */
      actorId: number | null,
      clientGone?: AbortSignal,
    ): Promise<{ stream: Readable; filename: string; contentType: string }> {
      if (!request.sql_table || !request.type_archive) throw new Invalid(EXPORT_MESSAGE);
      const release = await exportSlots.acquire(clientGone).catch((error: unknown) => {
        if (error instanceof ExportAbandoned)
          log?.info(`export of ${request.sql_table} dropped from the queue: its client left before it ran`);
        throw error;
      });
      try {
        // Recorded once the export runs: a request that left the queue exported nothing.
        await audit(db, actorId, "export.direct", exported(request));
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
