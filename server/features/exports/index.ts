/**
 * Exports: a table as an es-AR CSV or xlsx file, a million rows streamed.
 * - direct-downloads.ts: one table streamed to the client within an export slot (slots.ts), ended
 *   when its reader stalls; kept-exports.ts: the background job's file, its progress and the Admin's
 *   list (the job itself: workers/processors/export-table.ts).
 * - tables.ts: each table's SQL and column kinds; ranges.ts: the ids a request covers;
 *   export-audit.ts: the audit record.
 * The bytes: COPY … TO STDOUT (`copyText`, server/db/client.ts) through server/file-formats/writers.ts.
 *
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/exports/0044-export-quota.md
 * - docs/decisions/exports/0045-exports.md
 * - docs/decisions/exports/0046-exports-share-two-slots.md
 * - docs/decisions/exports/0126-export-es-ar-format.md
 * - docs/decisions/exports/0127-export-formulas.md
 * - docs/decisions/exports/0128-export-xlsx-writer.md
 */
// The public entry of exports: what other features, plugins and workers may use of it (.dependency-cruiser.cjs).
export { findExportJob, keptBytes, updateExportJob } from "./repository";
export { exportSlots } from "./slots";
export { exportQuery } from "./tables";
export { byteLimit, csvStream, ExportTooLarge, xlsxStream } from "../../file-formats/writers";
