/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/auth/0004-login-throttle.md
 * - docs/decisions/auth/0005-usernames.md
 * - docs/decisions/auth/0015-active-user-cache.md
 * - docs/decisions/auth/0056-human-verification.md
 * - docs/decisions/auth/0070-me-route-work-done-once.md
 * - docs/decisions/auth/0098-refresh-tokens.md
 * - docs/decisions/auth/0099-registration.md
 * - docs/decisions/auth/0134-sessions-end-when-they-end.md
 */
// The public entry of auth: what other features may use of it (.dependency-cruiser.cjs).
export { type AuthenticatedUser, findGroupByName, revokeUserTokens } from "./repository";
export { hashPassword } from "./service";
