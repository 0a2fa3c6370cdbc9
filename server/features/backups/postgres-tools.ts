import { spawn } from "node:child_process";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * libpq's variables for a connection URL: the password never appears on a command line,
 * where any user of the machine could read it (`ps`).
 */
function libpqEnv(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(parsed.hostname) || "localhost",
    PGPORT: parsed.port || "5432",
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)) || "postgres",
  };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a Postgres client tool, its output into `stdout` (ended when it is done); its error output becomes the error's message. */
async function run(tool: "pg_dump" | "pg_restore", args: string[], url: string, stdout?: Writable): Promise<void> {
  const child = spawn(tool, args, {
    env: { ...process.env, ...libpqEnv(url) },
    stdio: ["ignore", stdout ? "pipe" : "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "ENOENT"
            ? `${tool} is not installed (the PostgreSQL client tools, at least the server's version)`
            : error.message,
        ),
      ),
    );
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(errors.trim() || `${tool} exited with ${code}`)),
    );
  });
  await Promise.all([exited, stdout ? pipeline(child.stdout!, stdout) : null]);
}

/** A consistent dump of the whole database in pg_dump's custom format (one snapshot, taken while the app runs). */
export const pgDump = (url: string, out: Writable) =>
  run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges"], url, out);

/** Restores a custom-format dump into the (empty) database of `url`, all or nothing. */
export const pgRestore = (url: string, file: string) =>
  run(
    "pg_restore",
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${libpqEnv(url).PGDATABASE}`,
      file,
    ],
    url,
  );
