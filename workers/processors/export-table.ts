import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { EXPORT_QUOTA_FULL, EXPORT_TABLES, EXPORT_TOO_LARGE, exportFailureReason } from "@domain/contracts/exports";
import {
  byteLimit,
  csvStream,
  ExportTooLarge,
  exportQuery,
  exportSlots,
  findExportJob,
  keptBytes,
  updateExportJob,
  xlsxStream,
} from "../../server/features/exports";
import { JOB_PAYLOADS } from "../../server/jobs/payloads";
import type { JobProcessor } from "../../server/jobs/types";
import { appendEvent } from "../../server/realtime/outbox";
import { exportsQueue } from "../queues/exports";

const Payload = JOB_PAYLOADS.exports;
const PROGRESS_EVERY_MS = 250;
const KEEP_FILE_MS = 24 * 3600_000;

type Context = Parameters<JobProcessor["process"]>[1];

/** A failure no retry can mend (the quota, or the last attempt): the record says why, the screen hears of it. */
async function failForGood(db: Context["db"], exportId: string, requestedBy: number | null, reason: string) {
  await db.transaction(async (tx) => {
    await updateExportJob(tx, exportId, { status: "failed", error: reason, finishedAt: new Date() });
    await appendEvent(tx, { type: "export.failed", actorId: requestedBy, data: { id: exportId, reason } });
  });
  return { failed: reason };
}

/**
 * Streams one table to a file in DATA_DIR/exports, telling the Admin's screen how far it got.
 * It holds one of the process's export slots while it runs, and stops at the disk quota.
 */
export const exportTable: JobProcessor<z.infer<typeof Payload>> = {
  queue: exportsQueue,
  payload: Payload,
  async process(payload, ctx) {
    const release = await exportSlots.acquire();
    try {
      return await writeExport(payload, ctx);
    } finally {
      release();
    }
  },

  async failed({ exportId }, technical, { db }) {
    const job = await findExportJob(db, exportId);
    if (!job || job.status === "done" || job.status === "failed") return;
    await failForGood(db, exportId, job.requestedBy, exportFailureReason(technical));
  },
};

async function writeExport({ exportId }: z.infer<typeof Payload>, { db, bus, config, stream, copyText, log }: Context) {
  const job = await findExportJob(db, exportId);
  if (!job || job.status === "done" || job.status === "failed") return { skipped: true };
  // Begun before by a worker that died: the screen says the export resumed.
  const resumed = job.attempts > 0;
  await updateExportJob(db, exportId, { attempts: job.attempts + 1 });
  const room = config.exportQuotaBytes - (await keptBytes(db, exportId));
  if (room <= 0) return failForGood(db, exportId, job.requestedBy, EXPORT_QUOTA_FULL);
  const table = z.enum(EXPORT_TABLES).parse(job.tableName);
  const query = exportQuery(table, { start: job.startId, end: job.endId });
  let total = 0;
  for await (const [row] of stream(`select count(*)::int as n from (${query.text}) as counted`, [], 1))
    total = Number(row?.n ?? 0);
  await updateExportJob(db, exportId, { status: "running", rowsTotal: total, rowsDone: 0 });

  let done = 0;
  let lastReport = 0;
  const report = () =>
    bus
      .publish({
        id: null,
        type: "export.progress",
        at: new Date().toISOString(),
        actor: job.requestedBy,
        data: { id: exportId, rows_done: done, rows_total: total, resumed },
      })
      .catch((error: Error) => log.error(`export.progress not published: ${error.message}`));
  const progress = (rows: number) => {
    done += rows;
    if (Date.now() - lastReport > PROGRESS_EVERY_MS) {
      lastReport = Date.now();
      void report();
    }
  };
  // COPY's text for the xlsx writer, its rows (lines) counted as they pass.
  async function* counted() {
    for await (const chunk of copyText(query.text)) {
      let rows = 0;
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) rows++;
      progress(rows);
      yield chunk;
    }
  }
  const dir = join(config.dataDir, "exports");
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${exportId}.${job.format}`);
  const output =
    job.format === "csv"
      ? csvStream(query.headers, query.kinds, copyText(query.text), progress)
      : xlsxStream(query.headers, query.kinds, counted(), table);
  const limit = byteLimit(room);
  try {
    await pipeline(output, limit, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof ExportTooLarge) return failForGood(db, exportId, job.requestedBy, EXPORT_TOO_LARGE);
    throw error;
  }
  await report();
  // Deleted by an Admin while it ran: nothing to keep.
  if (!(await findExportJob(db, exportId))) {
    await rm(path, { force: true });
    return { skipped: true };
  }
  await db.transaction(async (tx) => {
    await updateExportJob(tx, exportId, {
      status: "done",
      rowsDone: done,
      filePath: path,
      fileBytes: limit.bytes(),
      finishedAt: new Date(),
      expiresAt: new Date(Date.now() + KEEP_FILE_MS),
    });
    await appendEvent(tx, { type: "export.done", actorId: job.requestedBy, data: { id: exportId, rows: done } });
  });
  return { rows: done };
}
