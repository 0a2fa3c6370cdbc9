import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../server/db/errors";

/** A postgres.js PostgresError as the driver builds it from a server's ErrorResponse. */
const postgresError = (code: string, severity = "ERROR") =>
  Object.assign(new Error(code), { name: "PostgresError", code, severity, severity_local: severity });
/** drizzle's wrapper: the driver's error is its cause. */
const wrapped = (cause: Error) =>
  Object.assign(new Error("Failed query: select 1\nparams: "), { name: "DrizzleQueryError", cause });
/** A socket error as Node raises it for the driver's connection. */
const socketError = (code: string, syscall: string) =>
  Object.assign(new Error(`${syscall} ${code}`), { code, syscall, errno: -1 });

describe("a database that cannot be reached, told from a query it refuses", () => {
  it.each([
    ["57P01 terminating connection due to administrator command", postgresError("57P01", "FATAL")],
    ["57P02 crash shutdown", postgresError("57P02", "FATAL")],
    ["57P03 the database system is starting up", postgresError("57P03", "FATAL")],
    ["55000 not currently accepting connections (FATAL at connect)", postgresError("55000", "FATAL")],
    ["53300 too many connections", postgresError("53300", "FATAL")],
    ["08006 connection failure", postgresError("08006")],
    ["08P01 protocol violation", postgresError("08P01", "FATAL")],
    ["3D000 the database does not exist (FATAL at connect)", postgresError("3D000", "FATAL")],
    ["connection refused", socketError("ECONNREFUSED", "connect")],
    ["connection reset under the driver", socketError("ECONNRESET", "read")],
    [
      "the driver's closed connection",
      Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" }),
    ],
    ["the driver's connect timeout", Object.assign(new Error("write CONNECT_TIMEOUT"), { code: "CONNECT_TIMEOUT" })],
  ])("%s is unavailable, bare or wrapped by drizzle", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ["55000 as a query's own ERROR (currval before nextval)", postgresError("55000")],
    ["23505 unique violation", postgresError("23505")],
    ["22P05 untranslatable character", postgresError("22P05")],
    [
      "a client's aborted request body (Node's 'aborted', ECONNRESET from no system call)",
      Object.assign(new Error("aborted"), { code: "ECONNRESET" }),
    ],
    ["a plain error", new Error("boom")],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
