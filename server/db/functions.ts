import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FUNCTIONS_FOLDER } from "../paths";

/** One file per database function: its current text, the only place to change it. */

/** What applying the function files needs of one connection inside a transaction. */
export interface ScriptSession {
  /** Runs a script of one or more statements without parameters. */
  exec(script: string): Promise<void>;
  rows<T>(query: string, params: unknown[]): Promise<T[]>;
}

export type InTransaction = (body: (session: ScriptSession) => Promise<void>) => Promise<void>;

interface FunctionFile {
  name: string;
  text: string;
  sha256: string;
}

export function readFunctionFiles(folder: string): FunctionFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const text = readFileSync(join(folder, file), "utf8");
      return { name: file.slice(0, -".sql".length), text, sha256: createHash("sha256").update(text).digest("hex") };
    });
}

// Beside drizzle's own journal, out of the public schema the application's tables live in.
const APPLIED_TABLE = `CREATE SCHEMA IF NOT EXISTS drizzle;
CREATE TABLE IF NOT EXISTS drizzle.applied_functions (
  name text PRIMARY KEY,
  sha256 text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);`;

/**
 * Runs each function file whose text differs from the one last applied (every file on a new
 * database), after the migrations and in one transaction, and returns the names it applied.
 * Files run in name order; plpgsql resolves the functions a body calls when it runs, so
 * that order does not matter for them. A file replaces its function (CREATE OR REPLACE):
 * a changed signature or a dropped function needs a migration that drops the old one.
 */
export async function applyFunctions(
  inTransaction: InTransaction,
  folder: string = FUNCTIONS_FOLDER,
): Promise<string[]> {
  const files = readFunctionFiles(folder);
  const applied: string[] = [];
  await inTransaction(async (session) => {
    await session.exec(APPLIED_TABLE);
    const known = await session.rows<{ name: string; sha256: string }>(
      "SELECT name, sha256 FROM drizzle.applied_functions",
      [],
    );
    const hashes = new Map(known.map((row) => [row.name, row.sha256]));
    for (const file of files.filter((f) => hashes.get(f.name) !== f.sha256)) {
      await session.exec(file.text).catch((error: Error) => {
        throw new Error(`drizzle/functions/${file.name}.sql: ${error.message}`, { cause: error });
      });
      await session.rows(
        `INSERT INTO drizzle.applied_functions (name, sha256) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, applied_at = now()`,
        [file.name, file.sha256],
      );
      applied.push(file.name);
    }
    const gone = [...hashes.keys()].filter((name) => !files.some((f) => f.name === name));
    if (gone.length) await session.rows("DELETE FROM drizzle.applied_functions WHERE name = ANY($1)", [gone]);
  });
  return applied;
}
