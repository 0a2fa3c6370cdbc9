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
