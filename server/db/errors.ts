/** The SQLSTATE of a database error, whether the driver's own or wrapped by drizzle. */
export function databaseErrorCode(error: unknown): string | null {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; current = current.cause as typeof current, depth++) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return null;
}

export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === "23505";
