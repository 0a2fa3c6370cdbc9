import type { Readable } from "node:stream";
import { EXPORT_MESSAGE, isRanged, type ExportRequest, type ExportTable } from "../../../domain/contracts/exports";
import type { DatabaseHandle } from "../../db/client";
import { Invalid } from "../../errors";
import { exportQuery } from "./tables";
import { csvStream, xlsxStream } from "./writers";

const BATCH_ROWS = 1000;

export function createExportsService({ database }: { database: DatabaseHandle }) {
  return {
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
