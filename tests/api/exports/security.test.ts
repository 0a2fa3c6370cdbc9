import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_QUOTA_FULL, EXPORT_TOO_LARGE } from "@domain/contracts/exports";
import { exportJobs } from "../../../drizzle/schema";
import { createSlots, EXPORT_SLOTS, exportSlots } from "../../../server/features/exports/slots";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { rowsOf } from "../../../server/db/rows";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder } from "../../helpers/orders";

const QUOTA_MB = 0.05; // 52 kB: a small table fits, Clients with 20,000 rows does not.
let t: TestApp;
let admin: ApiClient & { access: string };
beforeAll(async () => {
  t = await createTestApp({ env: { EXPORT_QUOTA_MB: String(QUOTA_MB) } });
  admin = (await signIn(t, "Admin")).client as ApiClient & { access: string };
  // Enough rows that a download nobody reads keeps its export open (the socket buffers fill),
  // and that the Clients file is over the quota.
  await t.runtime.database.db.execute(
    sql.raw(
      `insert into clients (name, search_name, address, phone) select 'Relleno ' || i, 'relleno ' || i, repeat('x', 200), '1' from generate_series(1, 20000) i`,
    ),
  );
});
afterAll(() => t.close());

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const jobStatus = (id: string) =>
  until(
    async () => (await admin.get(`/api/exports/${id}/`)).json(),
    (job) => job.status === "done" || job.status === "failed",
  );

// What a hostile user can type where exports show text; names are trimmed on input, so a
// leading tab or CR is checked on the rules themselves (tests/unit/export-cells.test.ts).
const CLIENT_NAMES = [
  "x;=1+1;y z",
  "=1+2 Formula",
  "+54 11 4444",
  "-2+3 Menos",
  "@SUM(A1) Cliente",
  'Ana Paz, =HYPERLINK("http://x.test")',
  // A trigger behind a quote: split on ',', the '""' a CSV writes for it is read as an
  // empty quoted piece and dropped, and the cell would start with the formula (issue 39).
  `Pepe a,"=cmd|' /C calc'!A0,b`,
  'Ana b,"@SUM(1)',
  'Luz c;" \t"+1+1',
];
const PRODUCT_NAME = "Helado;=cmd|' /C calc'!A0";
const BONUS = "10% off,+1+1;@SUM(1)";
const NOTES = "Tocar timbre;-2+3\t=1+1";

/** The CSV as a spreadsheet splitting on ';' (Spanish), ',' (English) or tab (an import wizard) would read it. */
function spreadsheetCells(body: string) {
  const split = (delimiter: string) =>
    (
      parse(body, {
        delimiter,
        bom: true,
        relax_column_count: true,
        relax_quotes: delimiter !== ";",
        from_line: delimiter === ";" ? 1 : 2,
      }) as string[][]
    ).flat();
  return { spanish: split(";"), english: split(","), tab: split("\t") };
}
// A cell a spreadsheet would run: starts with = + - @ once the spaces and the quote marks a
// spreadsheet drops before it are set aside (csv-parse keeps a quote it cannot pair as text,
// Excel and LibreOffice drop it), and is not a plain number.
const runnable = (cell: string) => {
  const read = cell.replace(/^[\s"]+/, "");
  return /^[=+\-@]/.test(read) && !/^[+-]?\d+(,\d+)?\s*$/.test(read);
};

describe("exports cannot carry formulas", () => {
  const ranges: Record<string, [number, number]> = {};
  beforeAll(async () => {
    const seller = (await signIn(t, "Vendedor")).client;
    const clients: number[] = [];
    for (const name of CLIENT_NAMES) clients.push((await createClient(seller, { name })).id);
    const product = await createProduct(seller, { name: PRODUCT_NAME, quantity: 100 });
    const bonus = await seller.post(`/api/save_claim_or_bonus/${clients[0]}/`, { claimType: 1, claimValue: BONUS });
    expect(bonus.statusCode).toBe(200);
    const order = await placeOrder(
      seller,
      clients[0]!,
      [{ productId: product.PK_Products, units: "1.5", type: "KG" }],
      { orderData: orderDetails({ notes: NOTES }) },
    );
    expect(order.statusCode).toBe(200);
    const orderId = order.json().order_id as number;
    const [claim] = rowsOf<{ id: number }>(
      await t.runtime.database.db.execute(sql`select max(id)::int as id from bonus_clients`),
    );
    Object.assign(ranges, {
      Clients: [clients[0]!, clients.at(-1)!],
      Products: [product.PK_Products, product.PK_Products],
      BonusClients: [claim!.id, claim!.id],
      Orders: [orderId, orderId],
    });
  });

  async function csvOf(table: string, path: "download" | "job") {
    const [start_id, end_id] = ranges[table]!;
    const request = { sql_table: table, type_archive: "csv", start_id, end_id };
    if (path === "download") return (await admin.post("/api/export-data/", request)).body;
    const job = (await admin.post("/api/exports/", request)).json();
    const done = await jobStatus(job.id);
    expect(done.status).toBe("done");
    const body = (await admin.get(done.file_url)).body;
    // Kept files count against the quota the tests below measure.
    await admin.request("DELETE", `/api/exports/${job.id}/`);
    return body;
  }

  it.each(["download", "job"] as const)(
    "csv (%s): no cell a Spanish or English spreadsheet splits out starts a formula",
    async (path) => {
      const written: Record<string, string> = {
        Clients: CLIENT_NAMES.join(" "),
        Products: PRODUCT_NAME,
        BonusClients: `${BONUS} ${CLIENT_NAMES[0]}`,
        Orders: `${NOTES} ${CLIENT_NAMES[0]}`,
      };
      for (const table of Object.keys(ranges)) {
        const body = await csvOf(table, path);
        const { spanish, english, tab } = spreadsheetCells(body);
        expect(spanish.filter(runnable), `${table}, split on ';'`).toEqual([]);
        expect(english.filter(runnable), `${table}, split on ','`).toEqual([]);
        expect(tab.filter(runnable), `${table}, split on tab`).toEqual([]);
        // The text is all there, each trigger behind an apostrophe.
        for (const word of written[table]!.split(/[\s;,]+/).filter((w) => /^[=+\-@]/.test(w)))
          expect(body).toContain(`'${word.replace(/"/g, '""')}`);
      }
      const clients = spreadsheetCells(await csvOf("Clients", path)).spanish;
      expect(clients).toContain("x;'=1+1;y z");
      expect(clients).toContain(`Pepe a,"'=cmd|' /C calc'!A0,b`);
      // Negative coordinates are numbers, not formulas: left as numbers, with the decimal comma.
      expect(clients).toContain("-34,720000");
    },
  );

  it("xlsx: the same text is a literal string cell, and no cell of the file is a formula", async () => {
    const [start_id, end_id] = ranges.Clients!;
    const xlsx = await admin.post("/api/export-data/", {
      sql_table: "Clients",
      type_archive: "xlsx",
      start_id,
      end_id,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const names: unknown[] = [];
    book.worksheets[0]!.eachRow((row, index) => {
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
      if (index === 1) return;
      const cell = row.getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      names.push(cell.value);
    });
    expect(names).toEqual(CLIENT_NAMES);
    const orders = await admin.post("/api/export-data/", {
      sql_table: "Orders",
      type_archive: "xlsx",
      start_id: ranges.Orders![0],
      end_id: ranges.Orders![1],
    });
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(orders.rawPayload as unknown as ArrayBuffer);
    const row = sheet.worksheets[0]!.getRow(2);
    const headers = (sheet.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(row.getCell(headers.indexOf("Notes") + 1).value).toBe(NOTES);
    expect(row.getCell(headers.indexOf("Client_Name") + 1).value).toBe(CLIENT_NAMES[0]);
  });
});

describe("at most two exports at once per instance", () => {
  it("the slots let two run and queue the rest in order", async () => {
    const slots = createSlots(2, 5);
    const order: string[] = [];
    const first = await slots.acquire();
    const second = await slots.acquire();
    const queued = (name: string) =>
      slots.acquire().then((release) => {
        order.push(name);
        return release;
      });
    const third = queued("third");
    const fourth = queued("fourth");
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
        req.on("error", reject);
        req.end(body);
      });
    const a = await open();
    const b = await open();
    expect(exportSlots.stats().active).toBe(EXPORT_SLOTS);
    const third = open();
    await until(
      async () => exportSlots.stats().waiting,
      (waiting) => waiting === 1,
      5_000,
    );
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
    await until(
      async () => exportSlots.stats().active,
      (active) => active === 0,
      5_000,
    );
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
    expect((await admin.get("/api/exports/")).json().results.some((r: { id: string }) => r.id === small.id)).toBe(
      false,
    );
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
