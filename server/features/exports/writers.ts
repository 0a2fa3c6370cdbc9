import { once } from "node:events";
import { PassThrough, Readable, type Writable } from "node:stream";
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

type LegacyWritable = Writable & { _writableState?: { needDrain?: boolean } };
type SheetWithStream = { stream?: { pipes?: LegacyWritable[] } };

// archiver's PassThrough comes from readable-stream 2, which predates `writableNeedDrain`.
const needsDrain = (stream: LegacyWritable) => stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/**
 * exceljs writes a sheet's rows into the zip through a PassThrough without waiting for it
 * (lib/utils/stream-buf.js ignores `write`'s answer), so rows pile up there whenever the
 * deflate runs behind. Waiting on that PassThrough, as well as on our own output, is what
 * keeps memory flat.
 */
async function backpressure(sheet: SheetWithStream, output: PassThrough) {
  const zipEntry = sheet.stream?.pipes?.[0];
  if (zipEntry && needsDrain(zipEntry)) await once(zipEntry, "drain");
  if (output.writableNeedDrain) await once(output, "drain");
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
      await backpressure(sheet as unknown as SheetWithStream, output);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => output.destroy(error as Error));
  return output;
}
