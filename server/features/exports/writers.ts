import { Transform } from "node:stream";
import { exportStream, type ExportStream } from "./stream";
import { CSV_BOM, CSV_EOL, csvHeader, csvLine, type ExportKind } from "../../../domain/export-cells";
import type { TextRow } from "../../db/copy-text";

export { xlsxStream } from "./xlsx";

/**
 * CSV for a Spanish-Argentina spreadsheet (domain/export-cells.ts), pulled batch by batch as
 * the client reads: backpressure comes from the stream itself.
 */
export function csvStream(
  headers: readonly string[],
  kinds: readonly ExportKind[],
  batches: AsyncIterable<TextRow[]>,
): ExportStream {
  async function* text() {
    yield CSV_BOM + csvHeader(headers) + CSV_EOL;
    for await (const rows of batches) {
      let chunk = "";
      for (const row of rows) chunk += csvLine(kinds, row) + CSV_EOL;
      yield chunk;
    }
  }
  return exportStream(text());
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
