// The public entry of auth: what other features may use of it (.dependency-cruiser.cjs).
export { type AuthenticatedUser, findGroupByName, revokeUserTokens } from "./repository";
export { hashPassword } from "./service";
