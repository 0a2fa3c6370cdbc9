/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/backups/0130-backups.md
 */
// The public entry of backups: what other features, plugins and workers may use of it (.dependency-cruiser.cjs).
export { startBackupSchedule } from "./schedule";
export { type BackupsService, createBackupsService } from "./service";
