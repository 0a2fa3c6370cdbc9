import ExcelJS from "exceljs";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import type { TextRow } from "../../server/db/copy-text";
import { escapeXml, xlsxStream } from "../../server/file-formats/xlsx";

async function* batches(...groups: TextRow[][]) {
  for (const rows of groups) yield rows;
}

async function open(stream: NodeJS.ReadableStream) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await buffer(stream)) as unknown as ArrayBuffer);
  return book;
}

describe("xlsx writer", () => {
  it("writes typed cells: numbers, booleans, dates, text kept as typed, nulls as no cell", async () => {
    const book = await open(
      xlsxStream(
        ["id", "price", "ok", "day", "at", "name"],
        ["int", "money", "bool", "date", "datetime", "text"],
        batches([
          ["7", "-1234.50", "true", "2024-05-03", "2024-05-03 18:17", "=1+1 <b>&\r"],
          ["8", null, "false", null, null, null],
        ]),
        "Orders",
      ),
    );
    const sheet = book.getWorksheet("Orders")!;
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(7);
    expect(row.getCell(2).value).toBe(-1234.5);
    expect(row.getCell(3).value).toBe(true);
    expect(row.getCell(4).value).toEqual(new Date(Date.UTC(2024, 4, 3)));
    expect(row.getCell(5).value).toEqual(new Date(Date.UTC(2024, 4, 3, 18, 17)));
    expect(row.getCell(6).value).toBe("=1+1 <b>&\r");
    expect(sheet.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.Null);
    expect(sheet.getRow(3).getCell(3).value).toBe(false);
  });

  it("goes on in another sheet, with the header, past a sheet's last row", async () => {
    const rows = Array.from({ length: 7 }, (_, i): TextRow => [String(i + 1)]);
    const book = await open(xlsxStream(["id"], ["int"], batches(rows.slice(0, 4), rows.slice(4)), "Orders", 3));
    expect(book.worksheets.map((s) => s.name)).toEqual(["Orders", "Orders (2)", "Orders (3)", "Orders (4)"]);
    const ids = book.worksheets.map((s) => (s.getSheetValues().slice(1) as unknown[][]).map((r) => r[1]));
    expect(ids).toEqual([
      ["id", 1, 2],
      ["id", 3, 4],
      ["id", 5, 6],
      ["id", 7],
    ]);
  });

  it("escapes what XML cannot hold as Excel does", () => {
    expect(escapeXml('a<b>&"c')).toBe("a&lt;b&gt;&amp;&quot;c");
    expect(escapeXml("x\u0001y\rz")).toBe("x_x0001_y&#13;z");
    expect(escapeXml("_x0041_")).toBe("_x005F_x0041_");
    expect(escapeXml("Mitre 500")).toBe("Mitre 500");
  });
});
