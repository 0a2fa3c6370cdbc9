// The public entry of exports: what other features, plugins and workers may use of it (.dependency-cruiser.cjs).
export { findExportJob, keptBytes, updateExportJob } from "./repository";
export { exportSlots } from "./slots";
export { exportQuery } from "./tables";
export { byteLimit, csvStream, ExportTooLarge, xlsxStream } from "./writers";
