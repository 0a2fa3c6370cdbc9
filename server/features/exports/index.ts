/**
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
