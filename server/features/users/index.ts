/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/users/0094-profile-photos.md
 * - docs/decisions/users/0140-admin-user-changes.md
 * - docs/decisions/users/0167-approvals-paged.md
 */
// The public entry of users: what other features may use of it (.dependency-cruiser.cjs).
export { reencodeImage } from "./image";
