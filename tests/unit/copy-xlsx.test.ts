import { describe, expect, it } from "vitest";
import type { ExportKind } from "@domain/export-cells";
import { encodeCopyText, type TextRow } from "../../server/db/copy-text";
import { copyTextToSheetXml } from "../../server/file-formats/copy-xlsx";
import { cellXml, rowXml } from "../../server/file-formats/xlsx";

const KINDS: ExportKind[] = ["int", "text", "money", "weight", "coordinate", "bool", "date", "datetime", "text"];
const LETTERS = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];
const STYLE = { text: 2, money: 3, weight: 4, coordinate: 5, date: 6, datetime: 7 };

// Every kind of value the byte rules take a short cut for, and each one they must leave to cellXml.
const ROWS: TextRow[] = [
  ["1", "Cliente Bench", "1500.00", "0.100", "-34.720000", "true", "2026-11-26", "2026-11-24 23:59", "Nota 1"],
  ["2", "x;=1+1;y z", "-12", "12", "-58.254600", "false", "2024-05-03", "2024-05-03 18:17", 'dijo "hola"'],
  ["3", "Ñandú Peñón", "0.00", "1.2.3", "0", "t", "infinity", "2024-05-03", "Tocar timbre;-2+3\t=1+1"],
  ["4", "", null, null, null, null, null, null, null],
  [null, "línea\n+54 9 11", "7.50", "3", "1", "f", "2024-5-3", "2024-05-03T18:17", "a\\b\r\nc"],
  ["5", "a<b>&c", "1", "1", "1", "x", "ÑÑÑÑ-ÑÑ-ÑÑ", "2024-05-03 18:17:00", "_x0041_ y"],
  ["6", "\u0001ctl", "1", "1", "1", "true", "2024-05-03", "2024-05-03 00:00", "snake_case"],
  ["7", "Mitre 500", "1", "1", "1", "true", "2024-05-03", "2024-05-03 18:17", "Mitre 500"],
];

function sheet(chunks: Buffer[], sheetRows = 1_000_000) {
  const xml = copyTextToSheetXml({ kinds: KINDS, letters: LETTERS, style: STYLE, cell: cellXml });
  xml.startSheet(sheetRows);
  const out: Buffer[] = [];
  for (const chunk of chunks) {
    xml.write(chunk);
    out.push(...xml.take(16));
  }
  out.push(...xml.take());
  return Buffer.concat(out).toString("utf8");
}
const expected = (rows: TextRow[], first = 2) => rows.map((row, i) => rowXml(KINDS, LETTERS, first + i, row)).join("");

describe("COPY text to a sheet's rows, byte to byte", () => {
  const copy = encodeCopyText(ROWS);

  it("writes exactly what rowXml writes, for every kind of value", () => {
    expect(sheet([copy])).toBe(expected(ROWS));
  });

  it("gives the same bytes wherever the COPY stream is cut", () => {
    for (let cut = 1; cut < copy.length; cut++)
      expect(sheet([copy.subarray(0, cut), copy.subarray(cut)]), `cut at ${cut}`).toBe(expected(ROWS));
  });

  it("stops at the sheet's last row and starts the next sheet with the rows held back", () => {
    const xml = copyTextToSheetXml({ kinds: KINDS, letters: LETTERS, style: STYLE, cell: cellXml });
    xml.startSheet(4); // rows 2 to 4
    xml.write(copy);
    expect(xml.full()).toBe(true);
    expect(xml.pending()).toBe(true);
    expect(Buffer.concat(xml.take()).toString()).toBe(expected(ROWS.slice(0, 3)));
    xml.startSheet(4);
    expect(Buffer.concat(xml.take()).toString()).toBe(expected(ROWS.slice(3, 6)));
    xml.startSheet(4);
    expect(Buffer.concat(xml.take()).toString()).toBe(expected(ROWS.slice(6)));
    expect(xml.full()).toBe(false);
    expect(xml.pending()).toBe(false);
  });

  it("writes many dates and rows past its buffer as rowXml does", () => {
    const rows = Array.from({ length: 3000 }, (_, i): TextRow => {
      const day = `2024-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
      return [
        String(i),
        `Cliente ${i}`,
        `${i}.50`,
        "1",
        "1",
        "true",
        day,
        `${day} ${String(i % 24).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`,
        "x".repeat(i % 200),
      ];
    });
    expect(sheet([encodeCopyText(rows)])).toBe(expected(rows));
  });
});
