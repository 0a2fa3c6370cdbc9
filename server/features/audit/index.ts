// The public entry of audit: what other features may use of it (.dependency-cruiser.cjs).
export { recordAudit } from "./repository";
