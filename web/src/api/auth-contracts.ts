/**
 * The session's zod schemas, loaded on first use: zod is the largest library of the app and
 * /login must paint before it arrives. Every answer is still parsed before it is trusted.
 */
export const authContracts = () => import("@domain/contracts/auth");
