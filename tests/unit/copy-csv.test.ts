import { describe, expect, it } from "vitest";
import { CSV_EOL, csvLine, type ExportKind } from "@domain/export-cells";
import { encodeCopyText, type TextRow } from "../../server/db/copy-text";
import { copyTextToCsv } from "../../server/file-formats/copy-csv";

const KINDS: ExportKind[] = ["int", "text", "money", "weight", "coordinate", "bool", "date", "datetime", "text"];

// Every kind of value the byte rules take a short cut for, and each one they must leave to csvField.
const ROWS: TextRow[] = [
  ["1", "Cliente Bench", "1500.00", "0.100", "-34.720000", "true", "2026-11-26", "2026-11-24 23:59", "Nota 1"],
  ["2", "x;=1+1;y z", "-12", "12", "-58.254600", "false", "2024-05-03", "2024-05-03 18:17", 'dijo "hola"'],
  ["3", "Ñandú Peñón", "0.00", "1.2.3", "0", "t", "infinity", "2024-05-03", "Tocar timbre;-2+3\t=1+1"],
  ["4", "", null, null, null, null, null, null, null],
  [null, "línea\n+54 9 11", "7.50", "3", "1", "f", "2024-5-3", "2024-05-03T18:17", "a\\b\r\nc"],
  ["5", "@SUM(A1)", "1", "1", "1", "x", "ÑÑÑÑ-ÑÑ-ÑÑ", "2024-05-03 18:17:00", "mail@example.com"],
  ["6", "\tcmd", "1", "1", "1", "true", "2024-05-03", "2024-05-03 18:17", "_x0041_ &<>"],
];
const expected = ROWS.map((row) => csvLine(KINDS, row) + CSV_EOL).join("");

function transcode(chunks: Buffer[]) {
  const csv = copyTextToCsv(KINDS);
  let rows = 0;
  const out: Buffer[] = [];
  for (const chunk of chunks) {
    rows += csv.write(chunk);
    out.push(...csv.take(16));
  }
  out.push(...csv.take());
  return { rows, text: Buffer.concat(out).toString("utf8") };
}

describe("COPY text to es-AR CSV, byte to byte", () => {
  const copy = encodeCopyText(ROWS);

  it("writes exactly what csvLine writes, for every kind of value", () => {
    expect(transcode([copy])).toEqual({ rows: ROWS.length, text: expected });
  });

  it("gives the same bytes wherever the COPY stream is cut, even inside a character", () => {
    for (let cut = 1; cut < copy.length; cut++)
      expect(transcode([copy.subarray(0, cut), copy.subarray(cut)]).text, `cut at ${cut}`).toBe(expected);
    const bytes = [...copy].map((b) => Buffer.from([b]));
    expect(transcode(bytes)).toEqual({ rows: ROWS.length, text: expected });
  });

  it("writes rows larger than its buffer", () => {
    const long: TextRow = [
      "9",
      "x".repeat(300_000),
      "1",
      "1",
      "1",
      "true",
      "2024-05-03",
      "2024-05-03 18:17",
      "é".repeat(100_000),
    ];
    expect(transcode([encodeCopyText([long, ...ROWS])]).text).toBe(csvLine(KINDS, long) + CSV_EOL + expected);
  });

  it("writes short rows' missing values as empty fields and leaves out values past the columns", () => {
    const csv = copyTextToCsv(KINDS);
    csv.write(Buffer.from("1\tAna\n2\tB\t3\t4\t5\ttrue\t2024-05-03\t2024-05-03 18:17\tz\textra\n"));
    expect(Buffer.concat(csv.take()).toString()).toBe(
      csvLine(KINDS, ["1", "Ana"]) +
        CSV_EOL +
        csvLine(KINDS, ["2", "B", "3", "4", "5", "true", "2024-05-03", "2024-05-03 18:17", "z"]) +
        CSV_EOL,
    );
  });
});
