import { Transform } from "node:stream";
import { exportStream, type ExportStream } from "./stream";
import { CSV_BOM, CSV_EOL, csvHeader, type ExportKind } from "@domain/export-cells";
import { copyTextToCsv } from "./copy-csv";

export { xlsxStream } from "./xlsx";

const CSV_PIECE = 64 * 1024;

/**
 * CSV for a Spanish-Argentina spreadsheet (domain/export-cells.ts) from COPY's text, pulled
 * chunk by chunk as the client reads (backpressure comes from the stream itself) and handed
 * on in pieces of 64 KB or more; `onRows` hears how many rows each chunk completed.
 */
export function csvStream(
  headers: readonly string[],
  kinds: readonly ExportKind[],
  copyText: AsyncIterable<Buffer>,
  onRows?: (rows: number) => void,
): ExportStream {
  async function* bytes() {
    const csv = copyTextToCsv(kinds);
    csv.text(CSV_BOM + csvHeader(headers) + CSV_EOL);
    yield* csv.take();
    for await (const chunk of copyText) {
      const rows = csv.write(chunk);
      if (rows && onRows) onRows(rows);
      yield* csv.take(CSV_PIECE);
    }
    yield* csv.take();
  }
  return exportStream(bytes());
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
