import { createReadStream, existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { SERVICE_UNAVAILABLE } from "@domain/contracts/errors";
import {
  EXPORT_FAILED,
  EXPORT_QUOTA_FULL,
  type ExportJobResponse,
  type ExportRequest,
  type KeptExportsResponse,
} from "@domain/contracts/exports";
import type { Database } from "../../db/types";
import { Conflict, NotFound } from "../../errors";
import type { Jobs } from "../../jobs/types";
import { auditExport, exported, keptFile } from "./export-audit";
import { rangeOf } from "./ranges";
import {
  deleteExportJob,
  findExportJob,
  insertExportJob,
  keptBytes,
  listExportJobs,
  updateExportJob,
  type ExportJob,
} from "./repository";

const toResponse = (job: ExportJob): ExportJobResponse => ({
  id: job.id,
  status: job.status as ExportJobResponse["status"],
  rows_done: job.rowsDone,
  rows_total: job.rowsTotal,
  file_url: job.status === "done" ? `/api/exports/${job.id}/file` : null,
  error: job.status === "failed" ? job.error : null,
  resumed: job.attempts > 1,
});

/** The async form: a job writes the file to disk, the web follows its progress, downloads it, and the Admin lists and deletes kept files. */
export function createKeptExports({ db, jobs, quotaBytes }: { db: Database; jobs: Jobs; quotaBytes: number }) {
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
        await auditExport(tx, userId, "export.started", { export_id: inserted.id, ...exported(request) });
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
      await auditExport(db, actorId, "export.downloaded", { export_id: job.id, ...keptFile(job) });
      return {
        stream: createReadStream(job.filePath),
        filename: `${job.tableName}_${job.createdAt.toISOString().slice(0, 10)}.${job.format}`,
      };
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
        await auditExport(tx, actorId, "export.deleted", { export_id: id, ...keptFile(deleted) }, "before");
        return deleted;
      });
      if (row.filePath) await rm(row.filePath, { force: true });
      return { success: true as const, message: "Exportación eliminada." };
    },
  };
}
