import type { Readable } from "node:stream";
import { EXPORT_MESSAGE, type ExportRequest, isRanged } from "@domain/contracts/exports";
import type { DatabaseHandle } from "../../db/client";
import { Invalid } from "../../errors";
import type { ExportStream } from "../../file-formats/stream";
import { csvStream, xlsxStream } from "../../file-formats/writers";
import { auditExport, exported } from "./export-audit";
import { ExportAbandoned, exportSlots } from "./slots";
import { exportQuery } from "./tables";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The download's reader took nothing for EXPORT_STALL_MS: the export is ended and its slot freed. */
class ExportStalled extends Error {}

export interface ExportsLog {
  info(message: string): void;
  warn(message: string): void;
}

/** The direct form: one table streamed to the client as it reads, within one of the process's export slots. */
export function createDirectDownloads({
  database,
  stallMs,
  log,
}: {
  database: DatabaseHandle;
  stallMs: number;
  log: ExportsLog | undefined;
}) {
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
        await auditExport(db, actorId, "export.direct", exported(request));
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
