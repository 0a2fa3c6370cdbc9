import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_TABLES } from "@domain/contracts/exports";
import { seedDemo } from "../../../drizzle/seed";
import { rowsOf } from "../../../server/db/rows";
import { EXPORT_QUERIES } from "../../../server/features/exports/tables";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createUser, signIn } from "../../helpers/factories";

/** The CSV as a spreadsheet set to Spanish (Argentina) reads it: UTF-8 with BOM, ';' between fields. */
const spanishRows = (body: string): string[][] => parse(body, { delimiter: ";", bom: true, relax_column_count: true });

const wallClock = new Intl.DateTimeFormat("es-AR", {
  timeZone: "America/Argentina/Buenos_Aires",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** What a person in Buenos Aires reads on a clock: "dd/mm/yyyy hh:mm". */
const buenosAires = (date: Date) => wallClock.format(date).replace(",", "");

const pad = (n: number) => String(n).padStart(2, "0");
/** A spreadsheet's date cell as read ("dd/mm/yyyy hh:mm"): it keeps no zone, exceljs hands it over as UTC. */
const wallClockOf = (shown: Date) =>
  `${pad(shown.getUTCDate())}/${pad(shown.getUTCMonth() + 1)}/${shown.getUTCFullYear()} ${pad(shown.getUTCHours())}:${pad(shown.getUTCMinutes())}`;

async function loadXlsx(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe.each([
  ["Postgres", false],
  ["embedded (PGlite)", true],
] as const)("data export on %s", (_name, embedded) => {
  let t: TestApp;
  let admin: ApiClient;
  let sellerName: string;
  beforeAll(async () => {
    t = await createTestApp({ embedded });
    const seller = await createUser(t, "Vendedor");
    sellerName = seller.username;
    await seedDemo(t.runtime.database.db, { sellerIds: [seller.id] });
    admin = (await signIn(t, "Admin")).client;
  }, 240_000); // seeding the demo into PGlite takes minutes on a loaded machine
  afterAll(() => t?.close());

  async function query<T>(text: string) {
    return rowsOf<T>(await t.runtime.database.db.execute(sql.raw(text)));
  }
  async function count(table: string) {
    const from = EXPORT_QUERIES[table as keyof typeof EXPORT_QUERIES].from;
    const [row] = await query<{ n: number }>(`select count(*)::int as n from ${from}`);
    return row!.n;
  }

  it.each(EXPORT_TABLES)("exports %s as csv and xlsx with its columns and every row", async (table) => {
    const expected = await count(table);
    // Each export's own audit record is written before it reads: the audit log grows by one each time.
    const grows = table === "AuditLog" ? 1 : 0;
    const headers = EXPORT_QUERIES[table].columns.map(([legacy]) => legacy);

    const csv = await admin.post("/api/export-data/", { sql_table: table, type_archive: "csv" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(
      new RegExp(`attachment; filename="${table}_\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const rows = spanishRows(csv.body);
    expect(rows[0]).toEqual(headers);
    expect(rows.length - 1).toBe(expected + grows);
    expect(rows.every((row) => row.length === headers.length)).toBe(true);

    const xlsx = await admin.post("/api/export-data/", { sql_table: table, type_archive: "xlsx" });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await loadXlsx(xlsx.rawPayload);
    expect(sheet.name).toBe(table);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
    expect(sheet.actualRowCount - 1).toBe(expected + 2 * grows);

    // Names beside ids: every id of another table but an order's (which has no name) is followed by its name.
    headers.forEach((header, i) => {
      if (header.startsWith("FK_") && header !== "FK_Orders") expect(headers[i + 1]).toMatch(/_Name$|^username$/);
    });
  });

  /** One export's file, from the direct download or from a background export's kept file. */
  async function exported(path: "download" | "job", request: Record<string, unknown>) {
    if (path === "download") return (await admin.post("/api/export-data/", request)).rawPayload;
    const job = (await admin.post("/api/exports/", request)).json();
    let done = (await admin.get(`/api/exports/${job.id}/`)).json();
    for (let tries = 0; done.status !== "done" && done.status !== "failed" && tries < 400; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = (await admin.get(`/api/exports/${job.id}/`)).json();
    }
    expect(done.status).toBe("done");
    const file = (await admin.get(done.file_url)).rawPayload;
    await admin.request("DELETE", `/api/exports/${job.id}/`);
    return file;
  }

  it.each(["download", "job"] as const)(
    "Orders and OrderDetails (%s) name the status, time slot, zone, payment method, city and product beside their ids, and Order_Time is a Buenos Aires date and time",
    async (path) => {
      const [order] = await query<Record<string, string | number>>(
        `select o.id, st.name as status, ts.name as slot, sh.name as zone, pm.name as pay, ci.name as city,
           to_char(o.create_date at time zone 'America/Argentina/Buenos_Aires', 'DD/MM/YYYY') || ' ' || o.order_time as taken
         from orders o join order_statuses st on st.id = o.status_id join times_shipping ts on ts.id = o.times_shipping_id
           join shipments sh on sh.id = o.shipment_id join pay_methods pm on pm.id = o.pay_method_id join cities ci on ci.id = o.city_id
         where o.order_time ~ '^[0-9]{2}:[0-9]{2}$' order by o.id limit 1`,
      );
      const range = { start_id: order!.id, end_id: order!.id };
      const names = {
        Status_Name: order!.status,
        TimeSlot_Name: order!.slot,
        Zone_Name: order!.zone,
        PayMethod_Name: order!.pay,
        City_Name: order!.city,
      };

      const [headers, row] = spanishRows(
        (await exported(path, { sql_table: "Orders", type_archive: "csv", ...range })).toString("utf8"),
      );
      const nextTo = (id: string) => headers![headers!.indexOf(id) + 1];
      expect([
        nextTo("FK_OrderStatus"),
        nextTo("FK_TimesShipping"),
        nextTo("FK_Shipments"),
        nextTo("FK_PayMethods"),
        nextTo("FK_Cities"),
      ]).toEqual(Object.keys(names));
      for (const [name, value] of Object.entries(names)) expect(row![headers!.indexOf(name)]).toBe(value);
      expect(row![headers!.indexOf("Order_Time")]).toBe(order!.taken);

      const sheet = await loadXlsx(await exported(path, { sql_table: "Orders", type_archive: "xlsx", ...range }));
      const columns = (sheet.getRow(1).values as string[]).slice(1);
      const cell = (name: string) => sheet.getRow(2).getCell(columns.indexOf(name) + 1);
      for (const [name, value] of Object.entries(names)) expect(cell(name).value).toBe(value);
      const taken = cell("Order_Time");
      expect(taken.type).toBe(ExcelJS.ValueType.Date);
      expect(taken.numFmt).toBe("dd/mm/yyyy hh:mm");
      expect(wallClockOf(taken.value as Date)).toBe(order!.taken);

      const [line] = await query<{ id: number; product: string }>(
        `select d.id, p.name as product from order_details d join products p on p.id = d.product_id order by d.id limit 1`,
      );
      const lineRange = { start_id: line!.id, end_id: line!.id };
      const [lineHeaders, lineRow] = spanishRows(
        (await exported(path, { sql_table: "OrderDetails", type_archive: "csv", ...lineRange })).toString("utf8"),
      );
      expect(lineHeaders![lineHeaders!.indexOf("FK_Products") + 1]).toBe("Product_Name");
      expect(lineRow![lineHeaders!.indexOf("Product_Name")]).toBe(line!.product);
      const lines = await loadXlsx(
        await exported(path, { sql_table: "OrderDetails", type_archive: "xlsx", ...lineRange }),
      );
      const lineColumns = (lines.getRow(1).values as string[]).slice(1);
      expect(lines.getRow(2).getCell(lineColumns.indexOf("Product_Name") + 1).value).toBe(line!.product);
    },
  );

  it("writes the CSV for a Spanish-Argentina spreadsheet: BOM, ';', decimal comma, Buenos Aires dates, names beside ids", async () => {
    const [order] = await query<{
      id: number;
      create_date: string;
      delivery_date: string;
      total_price: string;
      client_name: string;
    }>(
      `select o.id, o.create_date::text, o.delivery_date::text, o.total_price::text, c.name as client_name from orders o join clients c on c.id = o.client_id where o.seller_id is not null and o.total_price::text like '%.%' order by o.id limit 1`,
    );
    const csv = await admin.post("/api/export-data/", {
      sql_table: "Orders",
      type_archive: "csv",
      start_id: order!.id,
      end_id: order!.id,
    });
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [headers, row] = spanishRows(csv.body);
    const cell = (name: string) => row![headers!.indexOf(name)];
    expect(headers!.slice(0, 5)).toEqual(["PK_Orders", "FK_Clients", "Client_Name", "FK_Sellers", "Seller_Name"]);
    expect(cell("Client_Name")).toBe(order!.client_name);
    expect(cell("Seller_Name")).toBe(sellerName);
    expect(cell("Total_Price")).toBe(order!.total_price.replace(".", ","));
    expect(cell("Create_Date")).toBe(buenosAires(new Date(order!.create_date)));
    expect(cell("Create_Date")).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const [y, m, d] = order!.delivery_date.split("-");
    expect(cell("Delivery_Date")).toBe(`${d}/${m}/${y}`);
    expect(["VERDADERO", "FALSO"]).toContain(cell("Has_FV"));
  });

  it("writes the xlsx with number, date and boolean cells a SUM can add", async () => {
    const [sums] = await query<{ total: string; n: number; first: number; last: number }>(
      `select sum(total_price)::text as total, count(*)::int as n, min(id) as first, max(id) as last from orders`,
    );
    const [first] = await query<{ create_date: string }>(
      `select create_date::text from orders where id = ${sums!.first}`,
    );
    const xlsx = await admin.post("/api/export-data/", {
      sql_table: "Orders",
      type_archive: "xlsx",
      start_id: sums!.first,
      end_id: sums!.last,
    });
    const sheet = await loadXlsx(xlsx.rawPayload);
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    const column = (name: string) => headers.indexOf(name) + 1;

    let total = 0;
    for (let r = 2; r <= sums!.n + 1; r++) {
      const price = sheet.getRow(r).getCell(column("Total_Price"));
      expect(price.type).toBe(ExcelJS.ValueType.Number);
      expect(price.numFmt).toBe("#,##0.00");
      total += price.value as number;
    }
    expect(total.toFixed(2)).toBe(Number(sums!.total).toFixed(2));

    const row = sheet.getRow(2);
    const created = row.getCell(column("Create_Date"));
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect(created.numFmt).toBe("dd/mm/yyyy hh:mm");
    // A spreadsheet keeps no zone: the cell holds the Buenos Aires wall-clock time.
    expect(wallClockOf(created.value as Date)).toBe(buenosAires(new Date(first!.create_date)));
    expect(row.getCell(column("Delivery_Date")).type).toBe(ExcelJS.ValueType.Date);
    expect(row.getCell(column("Delivery_Date")).numFmt).toBe("dd/mm/yyyy");
    expect(row.getCell(column("Total_Weight")).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(column("Has_FV")).type).toBe(ExcelJS.ValueType.Boolean);
    expect(row.getCell(column("PK_Orders")).value).toBe(sums!.first);
    expect(row.getCell(column("Client_Name")).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(column("Seller_Name")).value).toBe(sellerName);
  });

  it("keeps to the id range on ranged tables and reports the latest id", async () => {
    const latest = (await admin.get("/api/get-latest-id/?table=Orders")).json();
    expect(latest.success).toBe(true);
    expect(latest.last_id).toBeGreaterThan(10);
    const csv = await admin.post("/api/export-data/", {
      sql_table: "Orders",
      type_archive: "csv",
      start_id: 3,
      end_id: 7,
    });
    const ids = spanishRows(csv.body)
      .slice(1)
      .map((r) => Number(r[0]));
    expect(ids).toEqual([3, 4, 5, 6, 7]);
  });

  it("never exports secrets", async () => {
    const csv = await admin.post("/api/export-data/", { sql_table: "AuthUser", type_archive: "csv" });
    expect(csv.body).not.toMatch(/argon2|password/i);
  });

  it("refuses tables outside the whitelist, injections and missing choices with a 400", async () => {
    for (const body of [
      { sql_table: "refresh_tokens", type_archive: "csv" },
      { sql_table: "Orders; drop table users", type_archive: "csv" },
      { sql_table: "Orders", type_archive: "pdf" },
      { type_archive: "csv" },
    ]) {
      const response = await admin.post("/api/export-data/", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe("Seleccione una tabla y un tipo de archivo.");
    }
    expect(await count("AuthUser")).toBeGreaterThan(0);
  });

  it("is for Admin only", async () => {
    const seller = (await signIn(t, "Vendedor")).client;
    expect((await seller.post("/api/export-data/", { sql_table: "Orders", type_archive: "csv" })).statusCode).toBe(403);
  });
});
