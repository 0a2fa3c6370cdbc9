/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/audit/0016-audit-trail.md
 * - docs/decisions/audit/0142-audit-rows-read-as-values.md
 */
// The public entry of audit: what other features may use of it (.dependency-cruiser.cjs).
export { recordAudit } from "./repository";
