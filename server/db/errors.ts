interface DatabaseError {
  code: string;
  message: string;
  detail?: string;
}

/** The database's own error, whether the driver's or wrapped by drizzle (as its cause). */
export function databaseError(error: unknown): DatabaseError | null {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; current = current.cause as typeof current, depth++) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) return current as DatabaseError;
  }
  return null;
}

/** The SQLSTATE of a database error, or null for any other error. */
export const databaseErrorCode = (error: unknown) => databaseError(error)?.code ?? null;

export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === "23505";

/** SQLSTATEs of a database that is unreachable or going away (class 08 and the shutdowns). */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** The driver's and the socket's own codes for a connection that failed or was cut. */
const UNAVAILABLE_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);

/** Whether an error says the database could not be reached, rather than refusing the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; current = current.cause as typeof current, depth++) {
    if (typeof current.code === "string" && (UNAVAILABLE_CODES.has(current.code) || UNAVAILABLE_STATES.test(current.code))) return true;
  }
  return false;
}
