import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_QUOTA_FULL, EXPORT_TOO_LARGE } from "../../../domain/contracts/exports";
import { exportJobs } from "../../../drizzle/schema";
import { createSlots, EXPORT_SLOTS, exportSlots } from "../../../server/features/exports/slots";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";

const QUOTA_MB = 0.05; // 52 kB: a small table fits, Clients with 20,000 rows does not.
let t: TestApp;
let admin: ApiClient & { access: string };
beforeAll(async () => {
  t = await createTestApp({ env: { EXPORT_QUOTA_MB: String(QUOTA_MB) } });
  admin = (await signIn(t, "Admin")).client as ApiClient & { access: string };
  // Enough rows that a download nobody reads keeps its export open (the socket buffers fill),
  // and that the Clients file is over the quota.
  await t.runtime.database.db.execute(
    sql.raw(`insert into clients (name, search_name, address, phone) select 'Relleno ' || i, 'relleno ' || i, repeat('x', 200), '1' from generate_series(1, 20000) i`),
  );
});
afterAll(() => t.close());

// Names are trimmed on input, so tab and CR are checked on the writer itself (tests/unit/csv-injection.test.ts).
const DANGEROUS = ["=1+2 formula", "+54 11 4444", "-2+3 menos", "@SUM(A1)"];

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const jobStatus = (id: string) => until(async () => (await admin.get(`/api/exports/${id}/`)).json(), (job) => job.status === "done" || job.status === "failed");

describe("exports cannot carry formulas", () => {
  let ids: number[];
  beforeAll(async () => {
    const seller = (await signIn(t, "Vendedor")).client;
    ids = [];
    for (const name of DANGEROUS) ids.push((await createClient(seller, { name: `${name} Cliente` })).id);
  });

  it("csv: a cell starting with =, +, - or @ gets a leading apostrophe; numbers stay numbers", async () => {
    const csv = await admin.post("/api/export-data/", { sql_table: "Clients", type_archive: "csv", start_id: ids[0], end_id: ids.at(-1) });
    expect(csv.statusCode).toBe(200);
    for (const name of DANGEROUS) {
      expect(csv.body).toContain(`'${name} Cliente`);
      expect(csv.body).not.toMatch(new RegExp(`(^|,|")${name.replace(/[+$()[\]\\]/g, "\\$&")} Cliente`, "m"));
    }
    // Negative coordinates are numbers, not formulas: left alone.
    expect(csv.body).toContain(",-34.720000,");
  });

  it("xlsx: the same text is a literal string cell, never a formula", async () => {
    const xlsx = await admin.post("/api/export-data/", { sql_table: "Clients", type_archive: "xlsx", start_id: ids[0], end_id: ids.at(-1) });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const names: unknown[] = [];
    book.worksheets[0]!.eachRow((row, index) => {
      if (index === 1) return;
      const cell = row.getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      names.push(cell.value);
    });
    expect(names).toEqual(DANGEROUS.map((name) => `${name} Cliente`));
  });
});

describe("at most two exports at once per instance", () => {
  it("the slots let two run and queue the rest in order", async () => {
    const slots = createSlots(2, 5);
    const order: string[] = [];
    const first = await slots.acquire();
    const second = await slots.acquire();
    const third = slots.acquire().then((release) => (order.push("third"), release));
    const fourth = slots.acquire().then((release) => (order.push("fourth"), release));
    expect(slots.stats()).toEqual({ active: 2, waiting: 2 });
    first();
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual(["third", "fourth"]);
    expect(slots.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("a third download waits while two are being read, and runs when one finishes", async () => {
    const baseUrl = new URL(await t.app.listen({ port: 0, host: "127.0.0.1" }));
    const open = () =>
      new Promise<import("node:http").IncomingMessage>((resolve, reject) => {
        const body = JSON.stringify({ sql_table: "Clients", type_archive: "csv" });
        const req = httpRequest(
          { host: baseUrl.hostname, port: baseUrl.port, path: "/api/export-data/", method: "POST", headers: { authorization: `Bearer ${admin.access}`, cookie: "csrftoken=c", "x-csrftoken": "c", "content-type": "application/json" } },
          resolve,
        );
        req.on("error", reject);
        req.end(body);
      });
    const a = await open();
    const b = await open();
    expect(exportSlots.stats().active).toBe(EXPORT_SLOTS);
    const third = open();
    await until(async () => exportSlots.stats().waiting, (waiting) => waiting === 1, 5_000);
    expect(exportSlots.stats()).toEqual({ active: EXPORT_SLOTS, waiting: 1 });
    // Reading the first to its end frees its slot for the third.
    a.resume();
    await new Promise((r) => a.on("end", r));
    const c = await third;
    expect(c.statusCode).toBe(200);
    for (const response of [b, c]) {
      response.resume();
      await new Promise((r) => response.on("end", r));
    }
    await until(async () => exportSlots.stats().active, (active) => active === 0, 5_000);
  });
});

describe("export files have a quota, and the Admin lists and deletes them", () => {
  it("keeps a small file, refuses one over the quota for good, lists both, and deletes one with its file", async () => {
    const small = (await admin.post("/api/exports/", { sql_table: "Cities", type_archive: "csv" })).json();
    expect((await jobStatus(small.id)).status).toBe("done");

    const big = (await admin.post("/api/exports/", { sql_table: "Clients", type_archive: "csv" })).json();
    const failed = await jobStatus(big.id);
    expect(failed).toMatchObject({ status: "failed", error: EXPORT_TOO_LARGE, file_url: null });
    expect(existsSync(`${t.config.dataDir}/exports/${big.id}.csv`)).toBe(false);

    const list = (await admin.get("/api/exports/")).json();
    const kept = list.results.find((r: { id: string }) => r.id === small.id);
    expect(kept).toMatchObject({ table: "Cities", format: "csv", status: "done", requested_by: expect.any(String) });
    expect(kept.bytes).toBeGreaterThan(0);
    expect(list.used_bytes).toBe(kept.bytes);
    expect(list.quota_bytes).toBe(Math.round(QUOTA_MB * 1024 * 1024));

    const path = `${t.config.dataDir}/exports/${small.id}.csv`;
    expect(existsSync(path)).toBe(true);
    const removed = await admin.request("DELETE", `/api/exports/${small.id}/`);
    expect(removed.statusCode).toBe(200);
    expect(existsSync(path)).toBe(false);
    expect((await admin.get(`/api/exports/${small.id}/file`)).statusCode).toBe(404);
    expect((await admin.get("/api/exports/")).json().results.some((r: { id: string }) => r.id === small.id)).toBe(false);
    expect((await admin.request("DELETE", `/api/exports/${small.id}/`)).statusCode).toBe(404);
  });

  it("refuses a new export while the kept files fill the quota", async () => {
    const [row] = await t.runtime.database.db
      .insert(exportJobs)
      .values({ tableName: "Cities", format: "csv", status: "done", fileBytes: Math.round(QUOTA_MB * 1024 * 1024) })
      .returning();
    const refused = await admin.post("/api/exports/", { sql_table: "Cities", type_archive: "csv" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(EXPORT_QUOTA_FULL);
    await admin.request("DELETE", `/api/exports/${row!.id}/`);
    expect((await admin.post("/api/exports/", { sql_table: "Cities", type_archive: "csv" })).statusCode).toBe(200);
  });
});
