import { type ExportRequest, type ExportTable, isRanged } from "@domain/contracts/exports";
import type { DatabaseHandle } from "../../db/client";
import { Invalid } from "../../errors";
import { exportQuery } from "./tables";

/** The ids an export covers: a table without a range is exported whole. */
export function rangeOf(request: ExportRequest) {
  const ranged = isRanged(request.sql_table);
  return { start_id: ranged ? request.start_id : null, end_id: ranged ? request.end_id : null };
}

/** The highest id of a ranged table, offered as the form's end of the range. */
export async function latestId(database: DatabaseHandle, table: ExportTable) {
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
}
