interface DatabaseError {
  code: string;
  message: string;
  detail?: string;
}

/** The database's own error, whether the driver's or wrapped by drizzle (as its cause). */
export function databaseError(error: unknown): DatabaseError | null {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 4;
    current = current.cause as typeof current, depth++
  ) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) return current as DatabaseError;
  }
  return null;
}

/** The SQLSTATE of a database error, or null for any other error. */
export const databaseErrorCode = (error: unknown) => databaseError(error)?.code ?? null;

export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === "23505";

/** SQLSTATEs of a database that is unreachable or going away: class 08, the shutdowns, too many connections. */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** The driver's own codes for a connection that failed or was cut. */
const DRIVER_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);
/** A network socket's codes, counted only with the system call that failed (see below). */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

interface ErrorFields {
  code?: unknown;
  severity?: unknown;
  syscall?: unknown;
  cause?: unknown;
}

function saysUnavailable({ code, severity, syscall }: ErrorFields): boolean {
  if (typeof code !== "string") return false;
  if (UNAVAILABLE_STATES.test(code) || DRIVER_CODES.has(code)) return true;
  // FATAL ends the session: Postgres refused or dropped it (55000 'not accepting connections' at
  // connect, 57P01 while running); 55000 as a plain ERROR is a query's own fault (currval).
  if (/^[0-9A-Z]{5}$/.test(code)) return severity === "FATAL" || severity === "PANIC";
  // A socket of the driver's fails in a system call; a client's aborted request body is Node's
  // 'aborted', also ECONNRESET but from no call, and is not a database fault.
  return SOCKET_CODES.has(code) && typeof syscall === "string";
}

/** Whether an error says the database could not be reached, rather than refusing the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as ErrorFields | undefined, depth = 0;
    current && depth < 4;
    current = current.cause as ErrorFields, depth++
  ) {
    if (saysUnavailable(current)) return true;
  }
  return false;
}
