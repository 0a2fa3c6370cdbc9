import type { AuditAction } from "@domain/contracts/audit";
import type { ExportRequest } from "@domain/contracts/exports";
import type { Executor } from "../../db/types";
import { recordAudit } from "../audit";
import { rangeOf } from "./ranges";
import type { ExportJob } from "./repository";

/** What an export's audit record says it took. */
export const exported = (request: ExportRequest) => ({
  table: request.sql_table,
  format: request.type_archive,
  ...rangeOf(request),
});
/** What the audit record says of a kept file when it is downloaded or deleted. */
export const keptFile = (job: Pick<ExportJob, "tableName" | "format" | "startId" | "endId">) => ({
  table: job.tableName,
  format: job.format,
  start_id: job.startId,
  end_id: job.endId,
});

/** Data leaving the system is audited: who took which table, when (entity_id stays empty: export ids are uuids). */
export function auditExport(
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
