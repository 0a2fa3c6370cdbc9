import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";

type Batches = AsyncIterable<Record<string, unknown>[]>;

function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}

function csvField(value: unknown): string {
  const text = cell(value);
  if (text === null) return "";
  const raw = String(text);
  return /[",\r\n]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
}

/** CSV pulled batch by batch as the client reads: backpressure comes from the stream itself. */
export function csvStream(headers: string[], batches: Batches): Readable {
  async function* lines() {
    yield `${headers.join(",")}\r\n`;
    for await (const rows of batches) yield rows.map((row) => headers.map((h) => csvField(row[h])).join(",")).join("\r\n") + "\r\n";
  }
  return Readable.from(lines());
}

/** XLSX through exceljs's streaming writer: each row is committed and leaves memory. */
export function xlsxStream(headers: string[], batches: Batches, sheetName: string): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  (async () => {
    sheet.addRow(headers).commit();
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(headers.map((h) => cell(row[h]))).commit();
      // Wait for the reader when the buffer is full.
      if (output.writableNeedDrain) await new Promise((resolve) => output.once("drain", resolve));
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => output.destroy(error as Error));
  return output;
}
