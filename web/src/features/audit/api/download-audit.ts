import { download } from "../../../api/http";

/** The whole trail through the export whitelist (table AuditLog). A file to save, so no query. */
export const downloadAudit = () => download("/export-data/", { sql_table: "AuditLog", type_archive: "csv" });
