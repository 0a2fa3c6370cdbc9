import { createReadStream, existsSync } from "node:fs";
import type { Readable } from "node:stream";
import { SERVICE_UNAVAILABLE } from "../../../domain/contracts/errors";
import { EXPORT_FAILED, EXPORT_MESSAGE, isRanged, type ExportJobResponse, type ExportRequest, type ExportTable } from "../../../domain/contracts/exports";
import type { DatabaseHandle } from "../../db/client";
import { Invalid, NotFound } from "../../errors";
import type { Jobs } from "../../jobs/types";
import { findExportJob, insertExportJob, updateExportJob, type ExportJob } from "./repository";
import { exportQuery } from "./tables";
import { csvStream, xlsxStream } from "./writers";

const BATCH_ROWS = 1000;

const toResponse = (job: ExportJob): ExportJobResponse => ({
  id: job.id,
  status: job.status as ExportJobResponse["status"],
  rows_done: job.rowsDone,
  rows_total: job.rowsTotal,
  file_url: job.status === "done" ? `/api/exports/${job.id}/file` : null,
  error: job.status === "failed" ? job.error : null,
  resumed: job.attempts > 1,
});

export function createExportsService({ database, jobs }: { database: DatabaseHandle; jobs: Jobs }) {
  const { db } = database;
  return {
    /** The async form: a job writes the file and reports progress; the web downloads it when done. */
    async start(request: ExportRequest, userId: number) {
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
        await updateExportJob(db, job.id, { status: "failed", error: `${EXPORT_FAILED} ${SERVICE_UNAVAILABLE}`, finishedAt: new Date() });
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
      if (!job || job.status !== "done" || !job.filePath || !existsSync(job.filePath)) throw new NotFound("El archivo no está disponible.");
      return { stream: createReadStream(job.filePath), filename: `${job.tableName}_${job.createdAt.toISOString().slice(0, 10)}.${job.format}` };
    },

    async latestId(table: ExportTable) {
      if (!isRanged(table)) throw new Invalid("Esa tabla no tiene rango de IDs.");
      const { from, idColumn } = exportQuery(table, { start: null, end: null });
      for await (const [row] of database.stream(`select coalesce(max(${idColumn}), 0)::int as last_id from ${from}`, [], 1)) {
        return { success: true as const, last_id: Number(row?.last_id ?? 0) };
      }
      return { success: true as const, last_id: 0 };
    },

    /** The file of one table as a stream, and its name for content-disposition. */
    open(request: ExportRequest): { stream: Readable; filename: string; contentType: string } {
      if (!request.sql_table || !request.type_archive) throw new Invalid(EXPORT_MESSAGE);
      const ranged = isRanged(request.sql_table);
      const query = exportQuery(request.sql_table, { start: ranged ? request.start_id : null, end: ranged ? request.end_id : null });
      const batches = database.stream(query.text, query.params, BATCH_ROWS);
      const stamp = new Date().toISOString().slice(0, 10);
      const filename = `${request.sql_table}_${stamp}.${request.type_archive}`;
      return request.type_archive === "csv"
        ? { stream: csvStream(query.headers, batches), filename, contentType: "text/csv; charset=utf-8" }
        : { stream: xlsxStream(query.headers, batches, request.sql_table), filename, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
