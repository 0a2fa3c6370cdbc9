import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_TABLES } from "../../../domain/contracts/exports";
import { seedDemo } from "../../../drizzle/seed";
import { rowsOf } from "../../../server/db/rows";
import { EXPORT_QUERIES } from "../../../server/features/exports/tables";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createUser, signIn } from "../../helpers/factories";

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t, "Vendedor");
  await seedDemo(t.runtime.database.db, { sellerIds: [seller.id] });
  admin = (await signIn(t, "Admin")).client;
});
afterAll(() => t.close());

/** A small CSV reader for what we write: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(field), (field = "");
    else if (c === "\r") continue;
    else if (c === "\n") row.push(field), rows.push(row), (row = []), (field = "");
    else field += c;
  }
  return rows;
}

async function count(table: string) {
  const from = EXPORT_QUERIES[table as keyof typeof EXPORT_QUERIES].from;
  const [row] = rowsOf<{ n: number }>(await t.runtime.database.db.execute(sql.raw(`select count(*)::int as n from ${from}`)));
  return row!.n;
}

describe("data export", () => {
  it.each(EXPORT_TABLES)("exports %s as csv and xlsx with its legacy columns and every row", async (table) => {
    const expected = await count(table);
    const headers = EXPORT_QUERIES[table].columns.map(([legacy]) => legacy);

    const csv = await admin.post("/api/export-data/", { sql_table: table, type_archive: "csv" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(new RegExp(`attachment; filename="${table}_\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(headers);
    expect(rows.length - 1).toBe(expected);

    const xlsx = await admin.post("/api/export-data/", { sql_table: table, type_archive: "xlsx" });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
    expect(sheet.actualRowCount - 1).toBe(expected);
  });

  it("keeps to the id range on ranged tables and reports the latest id", async () => {
    const latest = (await admin.get("/api/get-latest-id/?table=Orders")).json();
    expect(latest.success).toBe(true);
    expect(latest.last_id).toBeGreaterThan(10);
    const csv = await admin.post("/api/export-data/", { sql_table: "Orders", type_archive: "csv", start_id: 3, end_id: 7 });
    const ids = parseCsv(csv.body).slice(1).map((r) => Number(r[0]));
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
