/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/clients/0018-birthday-tag-text.md
 * - docs/decisions/clients/0025-client-edits-are-versioned.md
 * - docs/decisions/clients/0026-client-email-and-birthday-required.md
 * - docs/decisions/clients/0027-client-search.md
 * - docs/decisions/clients/0042-every-field-error-at-once.md
 * - docs/decisions/clients/0121-whatsapp-numbers.md
 * - docs/decisions/clients/0135-create-client-says-why.md
 * - docs/decisions/clients/0166-client-directory.md
 */
// The public entry of clients: what other features may use of it (.dependency-cruiser.cjs).
export { findClient, listShipments } from "./repository";
export { CLIENT_NOT_FOUND } from "./messages";
