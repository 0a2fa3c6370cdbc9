import { existsSync, readFileSync } from "node:fs";
import { type ClientRequest, type IncomingMessage, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../server/db/rows";
import { EXPORT_SLOTS, exportSlots } from "../../../server/features/exports/slots";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";

// Short, so a download nobody reads gives its slot back within the test.
const STALL_MS = 1500;
const ROWS = 20_000;
const logFile = join(tmpdir(), `frio-exports-abandoned-${process.pid}.log`);
let t: TestApp;
let admin: ApiClient & { access: string };
let baseUrl: URL;

beforeAll(async () => {
  t = await createTestApp({ env: { EXPORT_STALL_MS: String(STALL_MS) }, logFile });
  admin = (await signIn(t, "Admin")).client as ApiClient & { access: string };
  // About 20 MB of csv: far more than the socket buffers hold, so a download nobody reads stops.
  await t.runtime.database.db.execute(
    sql.raw(
      `insert into clients (name, search_name, address, phone) select 'Relleno ' || i, 'relleno ' || i, repeat('x', 1000), '1' from generate_series(1, ${ROWS}) i`,
    ),
  );
  baseUrl = new URL(await t.app.listen({ port: 0, host: "127.0.0.1" }));
});
afterAll(() => t.close());

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A csv download of Clients over a real socket; its answer is left unread unless the test reads it. */
function download(): { request: ClientRequest; response: Promise<IncomingMessage> } {
  let request!: ClientRequest;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    request = httpRequest(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        path: "/api/export-data/",
        method: "POST",
        headers: {
          authorization: `Bearer ${admin.access}`,
          cookie: "csrftoken=c",
          "x-csrftoken": "c",
          "content-type": "application/json",
        },
      },
      resolve,
    );
    request.on("error", reject);
    request.end(JSON.stringify({ sql_table: "Clients", type_archive: "csv" }));
  });
  return { request, response };
}

/** Reads an answer to its end: its bytes, or the error that cut it. */
const readAll = (response: IncomingMessage) =>
  new Promise<{ bytes: Buffer } | { error: Error }>((resolve) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.on("end", () => resolve({ bytes: Buffer.concat(chunks) }));
    response.on("error", (error) => resolve({ error }));
    response.on("aborted", () => resolve({ error: new Error("aborted") }));
  });

/** COPY statements this test's database is running for an export. */
async function runningCopies() {
  const [row] = rowsOf<{ n: number }>(
    await t.runtime.database.db.execute(
      sql.raw(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'copy (select%' and pid <> pg_backend_pid()`,
      ),
    ),
  );
  return row!.n;
}

const logLines = (text: string) =>
  existsSync(logFile)
    ? readFileSync(logFile, "utf8")
        .split("\n")
        .filter((line) => line.includes(text))
    : [];

describe("exports that nobody holds", () => {
  it("two downloads nobody reads are ended after EXPORT_STALL_MS, their queries cancelled, and a third is served", async () => {
    const [clients] = rowsOf<{ n: number }>(
      await t.runtime.database.db.execute(sql`select count(*)::int as n from clients`),
    );
    const a = download();
    const b = download();
    const [first, second] = await Promise.all([a.response, b.response]);
    expect(first.statusCode).toBe(200);
    expect(exportSlots.stats().active).toBe(EXPORT_SLOTS);
    expect(await until(runningCopies, (n) => n === 2)).toBe(2);

    const third = download();
    await until(
      () => exportSlots.stats().waiting,
      (waiting) => waiting === 1,
    );
    // Served once the stalled downloads give their slots back, and read to its end.
    const served = await third.response;
    expect(served.statusCode).toBe(200);
    const body = await readAll(served);
    expect("bytes" in body && body.bytes.toString("utf8").trimEnd().split("\r\n").length).toBe(clients!.n + 1);

    // The two unread answers were cut short, not completed.
    for (const cut of [await readAll(first), await readAll(second)]) expect("error" in cut).toBe(true);
    expect(
      (
        await until(
          () => logLines("its reader took nothing"),
          (lines) => lines.length === 2,
        )
      ).length,
      "a log line per stalled download",
    ).toBe(2);
    expect(await until(runningCopies, (n) => n === 0)).toBe(0);
    expect(exportSlots.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("a queued download whose client leaves is dropped and never runs", async () => {
    const before = exportSlots.totals();
    const a = download();
    const b = download();
    await Promise.all([a.response, b.response]);
    expect(exportSlots.stats().active).toBe(EXPORT_SLOTS);

    const queued = download();
    queued.response.catch(() => {});
    await until(
      () => exportSlots.stats().waiting,
      (waiting) => waiting === 1,
    );
    queued.request.destroy();
    expect(
      await until(
        () => exportSlots.stats().waiting,
        (waiting) => waiting === 0,
      ),
    ).toBe(0);
    expect(exportSlots.totals()).toEqual({ granted: before.granted + 2, dropped: before.dropped + 1 });

    // The two held slots end (stalled); had the dropped request stayed queued, it would take one then.
    await until(
      () => exportSlots.stats().active,
      (active) => active === 0,
    );
    expect(exportSlots.totals().granted).toBe(before.granted + 2);
    expect(await until(runningCopies, (n) => n === 0)).toBe(0);
    expect(
      (
        await until(
          () => logLines("dropped from the queue"),
          (lines) => lines.length === 1,
        )
      ).length,
    ).toBe(1);
  });
});
