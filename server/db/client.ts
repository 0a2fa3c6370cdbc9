import { join } from "node:path";
import type { Transaction } from "@electric-sql/pglite";
import { createInItsOwnProcess, newPglite } from "./pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "../../drizzle/schema";
import { consoleErrors, type LogError } from "../connection-errors";
import { FUNCTIONS_FOLDER, MIGRATIONS_FOLDER } from "../paths";
import { applyFunctions, type ScriptSession } from "./functions";
import { copyTextDecoder, encodeCopyText, type TextRow } from "./copy-text";
import type { Database } from "./types";

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /**
   * Applies pending migrations, then each function file of `functionsFolder` whose text changed;
   * `log` hears when another process holds the migration lock and which functions were applied.
   */
  migrate(log?: (message: string) => void, functionsFolder?: string): Promise<void>;
  ping(): Promise<boolean>;
  /** Calls `listener` on each NOTIFY of `channel` (delivered at commit); resolves to the way to stop. */
  listen(channel: string, listener: () => void): Promise<() => Promise<void>>;
  /**
   * Embedded only: the data directory as a gzipped tarball, taken after a checkpoint and
   * between transactions (queries wait meanwhile), so it opens as it was at that moment.
   */
  dumpDataDir?(): Promise<Blob>;
  /** Rows of a read-only query in batches, without holding the whole result in memory. */
  stream(query: string, params: unknown[], batchSize: number): AsyncIterable<Record<string, unknown>[]>;
  /**
   * Rows of a read-only query that selects only text columns, in batches, each value as
   * Postgres prints it; on Postgres through `COPY … TO STDOUT`, which takes no parameters.
   */
  textRows(query: string): AsyncIterable<TextRow[]>;
  /** The same rows as COPY … TO STDOUT's text format, in chunks as they arrive (a row may be cut between two). */
  copyText(query: string): AsyncIterable<Buffer>;
  close(): Promise<void>;
}

export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string | null };

/**
 * The `db` adapter: drizzle over postgres.js in production, PGlite when embedded. `logError`
 * hears the failures of clean-up steps that must not fail what they clean up after (ending
 * an abandoned COPY's backend, the checkpoint before closing).
 */
export async function openDatabase(
  target: DatabaseTarget,
  logError: LogError = consoleErrors("info", "database"),
): Promise<DatabaseHandle> {
  return "url" in target
    ? openPostgres(target.url, target.poolSize ?? 10, logError)
    : openPglite(target.dataDir, logError);
}

/**
 * drizzle runs every query through `unsafe()` without options, which postgres.js treats as
 * unprepared: a query with parameters then costs two round trips (describe, then execute)
 * every time (drizzle-orm#6096). Prepared, a query's shape is described once per
 * connection and each later run is one round trip. Transactions hand out their own client,
 * so those are wrapped too.
 */
function preparedByDefault(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, params?: never[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params, { ...options, prepare: true });
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const body = args.pop() as (sql: postgres.Sql) => unknown;
          const start = (target as unknown as Record<string, (...a: unknown[]) => unknown>)[property]!;
          return start.call(target, ...args, (sql: postgres.Sql) => body(preparedByDefault(sql)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * Seconds before a pooled connection reconnects after its n-th failure in a row. The driver's
 * default grows to 20 s, so a burst of cut connections left requests waiting long after
 * Postgres was back; capped at 1 s, the pool is serving again within a second of it.
 */
const reconnectDelay = (failures: number) => Math.min(0.05 * 2 ** failures, 1) * (0.5 + Math.random() / 2);

function openPostgres(url: string, max: number, logError: LogError): DatabaseHandle {
  const client = postgres(url, { max, onnotice: () => {}, connect_timeout: 10, backoff: reconnectDelay });
  const db = drizzlePostgres(preparedByDefault(client), { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: (log = () => {}, functionsFolder = FUNCTIONS_FOLDER) => migrateAlone(url, log, functionsFolder),
    ping: async () =>
      await client`select 1 as ok`.then(
        () => true,
        () => false,
      ),
    // postgres.js listens on a connection of its own and listens again after a reconnect.
    listen: async (channel, listener) => {
      const { unlisten } = await client.listen(channel, listener);
      return unlisten;
    },
    stream: (query, params, batchSize) =>
      client.unsafe(query, params as never[]).cursor(batchSize) as AsyncIterable<Record<string, unknown>[]>,
    textRows: (query) => decodedRows(copyChunks(client, url, query, logError)),
    copyText: (query) => copyChunks(client, url, query, logError),
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * COPY's text as it arrives, about twice as fast as a cursor's (no per-row protocol
 * message, no parsing into objects), on a connection of its own: a reader that stops early
 * ends the COPY's backend and closes the connection, where a pooled connection would be left
 * mid-COPY (a cancel sent after it could strike the connection's next query instead).
 * A cancel is not enough: a backend blocked writing to a reader that stopped (ClientWrite)
 * does not act on it, and a closed socket is noticed only once its peer resets it.
 */
async function* copyChunks(pool: postgres.Sql, url: string, query: string, logError: LogError): AsyncIterable<Buffer> {
  const session = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  const copy = session.unsafe(`copy (${query}) to stdout`);
  let ended = false;
  try {
    const stream = await copy.readable();
    yield* stream as AsyncIterable<Buffer>;
    ended = true;
  } finally {
    const pid = (copy as unknown as { state?: { pid?: number } }).state?.pid;
    // Logged, not thrown: this runs as the reader stops, and its own error must not replace the reader's.
    if (!ended && pid)
      await pool`select pg_terminate_backend(${pid})`.catch((error: Error) =>
        logError(`could not end the backend ${pid} of an abandoned COPY: ${error.message}`),
      );
    await session.end({ timeout: ended ? 5 : 0 });
  }
}

async function* decodedRows(chunks: AsyncIterable<Buffer>): AsyncIterable<TextRow[]> {
  const decode = copyTextDecoder();
  for await (const chunk of chunks) {
    const rows = decode(chunk);
    if (rows.length) yield rows;
  }
}

const MIGRATION_LOCK = 7261001;
const LOCK_RETRY_MS = 250;

/**
 * One process migrates at a time when several instances start together. The lock is a
 * session lock, so it is taken and released on one connection of its own: released on
 * another pooled connection it would stay with an idle one and stop every later start.
 */
async function migrateAlone(url: string, log: (message: string) => void, functionsFolder: string) {
  const session = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    for (
      let waited = 0;
      !(await session`select pg_try_advisory_lock(${MIGRATION_LOCK}) as locked`)[0]!.locked;
      waited += LOCK_RETRY_MS
    ) {
      if (waited === 0) log("waiting for another instance to finish its migrations");
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    await migratePostgres(drizzlePostgres(session, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    const applied = await applyFunctions((body) => session.begin((tx) => body(postgresScripts(tx))), functionsFolder);
    logApplied(applied, log);
  } finally {
    // Closing the connection releases the lock even if the unlock is never sent.
    await session.end({ timeout: 5 });
  }
}

const postgresScripts = (sql: postgres.TransactionSql): ScriptSession => ({
  exec: async (script) => void (await sql.unsafe(script)),
  rows: async <T>(query: string, params: unknown[]) => (await sql.unsafe(query, params as never[])) as unknown as T[],
});

const pgliteScripts = (tx: Transaction): ScriptSession => ({
  exec: async (script) => void (await tx.exec(script)),
  rows: async <T>(query: string, params: unknown[]) => (await tx.query<T>(query, params)).rows,
});

function logApplied(applied: string[], log: (message: string) => void) {
  if (applied.length) log(`functions applied: ${applied.join(", ")}`);
}
const TEXT_ROWS_PAGE = 1000;

async function openPglite(dataDir: string | null, logError: LogError): Promise<DatabaseHandle> {
  if (dataDir) await createInItsOwnProcess(join(dataDir, "pglite"));
  const client = newPglite(dataDir ? join(dataDir, "pglite") : undefined);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  async function* textRows(query: string) {
    for (let offset = 0; ; offset += TEXT_ROWS_PAGE) {
      const { rows } = await client.query<TextRow>(`${query} limit ${TEXT_ROWS_PAGE} offset ${offset}`, [], {
        rowMode: "array",
      });
      if (rows.length) yield rows;
      if (rows.length < TEXT_ROWS_PAGE) return;
    }
  }
  return {
    db,
    kind: "pglite",
    migrate: async (log = () => {}, functionsFolder = FUNCTIONS_FOLDER) => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      const applied = await applyFunctions(
        (body) => client.transaction((tx) => body(pgliteScripts(tx))),
        functionsFolder,
      );
      logApplied(applied, log);
    },
    ping: async () =>
      client.query("select 1").then(
        () => true,
        () => false,
      ),
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, listener);
      return unlisten;
    },
    dumpDataDir: async () => {
      await client.exec("checkpoint");
      // No transaction is open while the files are read (what a commit after the checkpoint wrote is in the WAL, replayed at open).
      return client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
    },
    // The embedded database lives in this process's memory anyway: page through with LIMIT/OFFSET.
    stream: async function* (query, params, batchSize) {
      for (let offset = 0; ; offset += batchSize) {
        const { rows } = await client.query<Record<string, unknown>>(
          `${query} limit ${batchSize} offset ${offset}`,
          params,
        );
        if (rows.length) yield rows;
        if (rows.length < batchSize) return;
      }
    },
    textRows,
    copyText: async function* (query) {
      for await (const rows of textRows(query)) yield encodeCopyText(rows);
    },
    // Checkpointed first: the next start finds every change in the data files, with no WAL to replay.
    // A failed checkpoint still closes: the next start replays the WAL instead.
    close: async () => {
      await client
        .exec("checkpoint")
        .catch((error: Error) =>
          logError(`checkpoint before closing failed, the next start replays the WAL: ${error.message}`),
        );
      await client.close();
    },
  };
}

/** A new embedded database at `dataDir` from a tarball `dumpDataDir` wrote (a restore). */
export async function loadPgliteDataDir(dataDir: string, tarball: Blob): Promise<void> {
  const client = newPglite(join(dataDir, "pglite"), { loadDataDir: tarball });
  await client.waitReady;
  await client.close();
}
