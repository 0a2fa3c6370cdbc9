import { csvField, type ExportKind } from "@domain/export-cells";
import { decodeCopyValue } from "../db/copy-text";
import { ByteOutput } from "./byte-output";
import { byteClasses, CopyRows, ESCAPE, isCopyNull, isCopyTrue, LF, scanned, scanValue } from "./copy-scanner";

/**
 * COPY … TO STDOUT's text format written straight as the es-AR CSV of domain/export-cells.ts,
 * byte to byte, with no string or row object per value: a million rows in about the time
 * Postgres takes to print them. A value the byte rules cannot write exactly as
 * `csvField` would (an escape, a quote, a formula trigger, an odd date) goes through
 * `csvField` itself, so the bytes are always those of `csvLine`
 * (tests/unit/copy-csv.test.ts compares them on every kind of value).
 */

// What else a byte is for CSV, one bit each above the scanner's END and ESCAPE.
const QUOTE = 4; // '"' doubles in a CSV field
const TRIGGER = 8; // = + - @ may start a formula
const HIGH = 16; // part of a multi-byte character
const CLASS = byteClasses((classes) => {
  classes[34] = QUOTE;
  for (const c of "=+-@") classes[c.charCodeAt(0)] = TRIGGER;
  for (let b = 128; b < 256; b++) classes[b] = HIGH;
});

const INT = 0;
const DECIMAL = 1;
const TEXT = 2;
const BOOL = 3;
const DATE = 4;
const DATETIME = 5;
const CODES: Record<ExportKind, number> = {
  int: INT,
  money: DECIMAL,
  weight: DECIMAL,
  coordinate: DECIMAL,
  text: TEXT,
  bool: BOOL,
  date: DATE,
  datetime: DATETIME,
};

const SEPARATOR = 59; // ;
const CR = 13;
const SPACE = 32;
const DOUBLE_QUOTE = 34;
const SLASH = 47;
const DOT = 46;
const COMMA = 44;
const TRUE_TEXT = Buffer.from("VERDADERO");
const FALSE_TEXT = Buffer.from("FALSO");

/** Output is handed on in pieces of about this size: few, large writes to the socket. */
const PIECE = 64 * 1024;

/**
 * A transcoder for one export: `write` takes COPY text as it arrives (a row may be cut
 * between chunks) and returns the rows it completed; `take` hands over the CSV written so
 * far once there is at least `min` bytes of it (everything with 0).
 */
export function copyTextToCsv(kinds: readonly ExportKind[]) {
  const codes = Uint8Array.from(kinds, (kind) => CODES[kind]);
  const last = codes.length - 1;
  const input = new CopyRows();
  const output = new ByteOutput(PIECE);

  /** A value the byte rules leave to csvField, written at output.at. */
  function slow(kind: ExportKind, data: Buffer, start: number, end: number) {
    output.text(csvField(kind, decodeCopyValue(data.toString("utf8", start, end))));
  }

  /** Writes the complete rows in data[from, to), `to` just past a line feed. */
  function rows(data: Buffer, from: number, to: number) {
    // The output's buffer and position as locals for the byte loops; output.at is set back before any other write.
    let out = output.bytes;
    let at = output.at;
    let count = 0;
    let i = from;
    while (i < to) {
      for (let f = 0; ; f++) {
        // The value's bytes: data[start, i), and what kinds of byte it holds.
        const start = i;
        i = scanValue(data, i, CLASS);
        const seen = scanned.seen;
        const length = i - start;
        if (at + length + 16 > out.length) {
          out = output.spill(at, length + 16);
          at = 0;
        }
        const code = codes[f]!;
        let bySlowPath = false;
        if (seen & ESCAPE) {
          // \N is null: an empty field.
          bySlowPath = !isCopyNull(data, start, length);
        } else if (code === TEXT) {
          if (seen & (QUOTE | TRIGGER)) bySlowPath = true;
          else {
            out[at++] = DOUBLE_QUOTE;
            for (let k = start; k < i; k++) out[at++] = data[k]!;
            out[at++] = DOUBLE_QUOTE;
          }
        } else if (code === INT) {
          for (let k = start; k < i; k++) out[at++] = data[k]!;
        } else if (code === DECIMAL) {
          // The first '.' only, as decimalComma does.
          let k = start;
          for (; k < i; k++) {
            const c = data[k]!;
            if (c === DOT) {
              out[at++] = COMMA;
              k++;
              break;
            }
            out[at++] = c;
          }
          for (; k < i; k++) out[at++] = data[k]!;
        } else if (code === BOOL) {
          at += (isCopyTrue(data, start, length) ? TRUE_TEXT : FALSE_TEXT).copy(out, at);
        } else if ((code === DATE && length === 10) || (code === DATETIME && length === 16)) {
          if (seen & HIGH) bySlowPath = true;
          else {
            // YYYY-MM-DD[ HH:MI] → DD/MM/YYYY[ HH:MI]
            out[at++] = data[start + 8]!;
            out[at++] = data[start + 9]!;
            out[at++] = SLASH;
            out[at++] = data[start + 5]!;
            out[at++] = data[start + 6]!;
            out[at++] = SLASH;
            for (let k = start; k < start + 4; k++) out[at++] = data[k]!;
            if (code === DATETIME) {
              out[at++] = SPACE;
              for (let k = start + 11; k < i; k++) out[at++] = data[k]!;
            }
          }
        } else bySlowPath = true;
        if (bySlowPath) {
          output.at = at;
          slow(kinds[f]!, data, start, i);
          out = output.bytes;
          at = output.at;
        }

        if (f === last) {
          // Values past the columns (never from our queries) are left out, as csvLine does.
          while (data[i] !== LF) i++;
          break;
        }
        out[at++] = SEPARATOR;
        if (data[i] === LF) {
          // A row short of values (never from our queries): the rest are empty, as csvLine writes them.
          if (at + last > out.length) {
            out = output.spill(at, last);
            at = 0;
          }
          for (let g = f + 1; g < last; g++) out[at++] = SEPARATOR;
          break;
        }
        i++; // past the tab
      }
      out[at++] = CR;
      out[at++] = LF;
      i++; // past the line feed
      count++;
    }
    output.at = at;
    return count;
  }

  return {
    /** Text written before the rows (the BOM and the header line). */
    text(text: string) {
      output.text(text);
    },

    write(chunk: Buffer): number {
      const { data, end } = input.join(chunk);
      input.keep(data, end);
      return end ? rows(data, 0, end) : 0;
    },

    take: (min = 0): Buffer[] => output.take(min),
  };
}
