import { once } from "node:events";
import { PassThrough, Readable, Transform, type Writable } from "node:stream";
import ExcelJS from "exceljs";

type Batches = AsyncIterable<Record<string, unknown>[]>;

function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}

// OWASP CSV injection: a spreadsheet runs a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
// Numbers as Postgres prints numerics ("-12.50"): data, not formulas, and must stay numbers.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A text cell a spreadsheet would evaluate gets a leading apostrophe, so it is shown as typed. */
export function neutralise(raw: string): string {
  return FORMULA_START.test(raw) && !PLAIN_NUMBER.test(raw) ? `'${raw}` : raw;
}

function csvField(value: unknown): string {
  const text = cell(value);
  if (text === null) return "";
  const raw = typeof text === "string" ? neutralise(text) : String(text);
  return /[",\r\n\t]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
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

/**
 * XLSX through exceljs's streaming writer: each row is committed and leaves memory. Text
 * goes in as string cells, which a spreadsheet shows literally: exceljs writes a formula
 * only from a { formula } value, which no export produces.
 */
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

export class ExportTooLarge extends Error {}

/** Passes bytes through until `maxBytes`, then fails the pipeline with ExportTooLarge. */
export function byteLimit(maxBytes: number) {
  let bytes = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new ExportTooLarge(`export over ${maxBytes} bytes`));
      done(null, chunk);
    },
  });
  return Object.assign(limiter, { bytes: () => bytes });
}
