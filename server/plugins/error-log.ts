/**
 * The fields of an error an operator needs to find a fault: its kind, message, code, where
 * the database failed (table, column, constraint) and the stack. Never the query's parameters
 * or a row's values: postgres.js errors carry `parameters`, `args` and a `detail` that quotes
 * the row ("Key (email)=(…) already exists"), and drizzle's message repeats the SQL and its
 * parameters, which hold what users typed.
 */
const KEPT_FIELDS = [
  "code",
  "severity",
  "routine",
  "schema_name",
  "table_name",
  "column_name",
  "constraint_name",
  "statusCode",
  "syscall",
  "errno",
];
const MAX_CAUSES = 3;

/** drizzle's "Failed query: <sql>\nparams: <values>" says no more than its cause, which is kept. */
const safeMessage = (error: Error) =>
  error.name === "DrizzleQueryError" || error.message.startsWith("Failed query:") ? "Failed query" : error.message;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: "" };
  const fields = error as unknown as Record<string, unknown>;
  const message = safeMessage(error);
  const type = error.constructor?.name ?? error.name;
  // The stack's first line is the message: rebuilt from the safe one.
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const serialized: SerializedError = { type, message, stack: [`${error.name}: ${message}`, ...frames].join("\n") };
  for (const field of KEPT_FIELDS) if (fields[field] !== undefined) serialized[field] = fields[field];
  if (error.cause !== undefined && depth < MAX_CAUSES) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}
