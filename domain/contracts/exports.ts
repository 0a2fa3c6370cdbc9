import { z } from "zod";
import { text } from "./text";
import { optionalRecordId } from "./catalog-common";

export const EXPORT_MESSAGE = "Seleccione una tabla y un tipo de archivo.";

/** SPEC.md §9: tables with an id range filter, then the others; AuditLog is the audit trail (DESIGN.md §4); CourierStops the couriers' stops and cash (issue 16). */
const RANGED_TABLES = [
  "Orders",
  "OrderDetails",
  "Clients",
  "Products",
  "BonusClients",
  "OrderClaims",
  "ProductClaims",
  "VirtualFreezer",
  "AuditLog",
  "CourierStops",
] as const;
const OTHER_TABLES = ["AuthUser", "TimesShipping", "Shipments", "Cities", "PayMethods", "OrderStatus"] as const;
export const EXPORT_TABLES = [...RANGED_TABLES, ...OTHER_TABLES] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export const isRanged = (table: string) => (RANGED_TABLES as readonly string[]).includes(table);

const table = z.enum(EXPORT_TABLES, { error: EXPORT_MESSAGE });
const optionalId = optionalRecordId("Ingresá un ID válido.", null, 0);

export const ExportRequest = z.object({
  sql_table: table,
  type_archive: z.enum(["csv", "xlsx"], { error: EXPORT_MESSAGE }),
  start_id: optionalId,
  end_id: optionalId,
});
export type ExportRequest = z.infer<typeof ExportRequest>;

export const LatestIdQuery = z.object({ table });
export const LatestIdResponse = z.object({ success: z.literal(true), last_id: z.number() });

export const ExportJobResponse = z.object({
  id: text(),
  status: z.enum(["queued", "running", "done", "failed"]),
  rows_done: z.number(),
  rows_total: z.number().nullable(),
  file_url: text().nullable(),
  /** Why it failed, in Spanish, starting with 'No se pudo exportar.' */
  error: text().nullable(),
  /** A worker died mid-way and another took it up again from the start. */
  resumed: z.boolean(),
});
export type ExportJobResponse = z.infer<typeof ExportJobResponse>;

/** An export job as the Admin's list of kept files shows it. */
export const KeptExport = ExportJobResponse.extend({
  table: text(),
  format: z.enum(["csv", "xlsx"]),
  bytes: z.number().nullable(),
  requested_by: text().nullable(),
  created_at: text(),
  expires_at: text().nullable(),
});
export type KeptExport = z.infer<typeof KeptExport>;
export const KeptExportsResponse = z.object({
  results: z.array(KeptExport),
  used_bytes: z.number(),
  quota_bytes: z.number(),
});
export type KeptExportsResponse = z.infer<typeof KeptExportsResponse>;

export const EXPORT_QUOTA_FULL =
  "Se alcanzó el espacio reservado para exportaciones. Borrá archivos guardados y volvé a intentar.";
export const EXPORT_TOO_LARGE =
  "La exportación supera el espacio reservado para exportaciones. Borrá archivos guardados o exportá un rango de IDs más chico.";
export const ExportJobParams = z.object({ id: z.uuid("Exportación inválida.") });

export const EXPORT_FAILED = "No se pudo exportar.";

/** The reason an export failed, as the Admin reads it; the log keeps the technical one. */
export function exportFailureReason(technical: string): string {
  if (/ENOSPC/.test(technical)) return `${EXPORT_FAILED} No queda espacio en el disco del servidor.`;
  if (/EEXIST|EACCES|EPERM|ENOTDIR|EROFS/.test(technical))
    return `${EXPORT_FAILED} El servidor no pudo escribir el archivo.`;
  if (/stalled/i.test(technical)) return `${EXPORT_FAILED} El proceso se interrumpió varias veces.`;
  return `${EXPORT_FAILED} Ocurrió un error inesperado; probá de nuevo.`;
}
