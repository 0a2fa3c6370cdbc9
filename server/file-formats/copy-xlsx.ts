import { spreadsheetSerial, type ExportKind } from "@domain/export-cells";
import { decodeCopyValue } from "../db/copy-text";
import { ByteOutput } from "./byte-output";
import { byteClasses, CopyRows, ESCAPE, isCopyNull, isCopyTrue, LF, scanned, scanValue } from "./copy-scanner";

/**
 * COPY … TO STDOUT's text format written straight as a sheet's `<row>` elements, byte to
 * byte, exactly as `rowXml` (xlsx.ts) writes them from rows, with no string or row object
 * per value. A value the byte rules cannot write as `rowXml` would (an escape, an XML
 * special character, an odd date) is decoded and written as `rowXml` does.
 * tests/unit/copy-xlsx.test.ts compares the two on every kind of value.
 */

const XML_SPECIAL = 4; // & < > " _ and control characters: escapeXml may change the text
const CLASS = byteClasses((classes) => {
  for (let b = 0; b < 32; b++) classes[b] = XML_SPECIAL;
  for (const c of '&<>"_') classes[c.charCodeAt(0)] = XML_SPECIAL;
});

const PIECE = 64 * 1024;

export interface SheetXmlKinds {
  kinds: readonly ExportKind[];
  letters: readonly string[];
  /** `<c r="` + letters … up to the value for each kind, as rowXml writes them (ref aside). */
  style: Readonly<Record<string, number>>;
  /** What rowXml writes for a value it is given as text (the slow path). */
  cell(kind: ExportKind, ref: string, value: string): string;
}

const ascii = (text: string) => Buffer.from(text, "latin1");

/** Copies `bytes` into `out` at `at`, byte by byte (shorter than a native copy's call); returns the new `at`. */
function put(out: Buffer, at: number, bytes: Buffer): number {
  for (let k = 0; k < bytes.length; k++) out[at++] = bytes[k]!;
  return at;
}

/** The bytes around each column's value: before `r="`'s row number, between it and the value, after the value. */
function cellFrames(kinds: readonly ExportKind[], letters: readonly string[], style: SheetXmlKinds["style"]) {
  const open = kinds.map((_, i) => ascii(`<c r="${letters[i]}`));
  const middle = kinds.map((kind) => {
    switch (kind) {
      case "int":
        return ascii('"><v>');
      case "bool":
        return ascii('" t="b"><v>');
      case "text":
        return ascii(`" t="inlineStr" s="${style.text}"><is><t xml:space="preserve">`);
      default:
        return ascii(`" s="${style[kind]}"><v>`);
    }
  });
  const close = kinds.map((kind) => ascii(kind === "text" ? "</t></is></c>" : "</v></c>"));
  return { open, middle, close };
}

/**
 * The serial's text of a date "YYYY-MM-DD" or time "YYYY-MM-DD HH:MI" made of digits, else
 * null. Serials met so far are kept by their text's digits: a date met again costs a map lookup.
 */
function dateSerials() {
  const serials = new Map<number, Buffer>();
  return (data: Buffer, start: number, length: number): Buffer | null => {
    let key = 0;
    for (let k = 0; k < length; k++) {
      const c = data[start + k]!;
      if (k === 4 || k === 7) {
        if (c !== 45) return null;
      } else if (k === 10) {
        if (c !== 32) return null;
      } else if (k === 13) {
        if (c !== 58) return null;
      } else if (c < 48 || c > 57) return null;
      else key = key * 10 + (c - 48);
    }
    if (length === 10) key *= 10_000;
    let bytes = serials.get(key);
    if (!bytes) {
      if (serials.size > 100_000) serials.clear();
      bytes = ascii(String(spreadsheetSerial(data.toString("latin1", start, start + length))));
      serials.set(key, bytes);
    }
    return bytes;
  };
}

/**
 * A transcoder for one workbook's rows: `write` takes COPY text as it arrives and writes the
 * complete rows it holds, at most `room()` of them in the current sheet (the rest wait for
 * the next sheet, `startSheet`); `take` hands over the XML written so far.
 */
export function copyTextToSheetXml({ kinds, letters, style, cell }: SheetXmlKinds) {
  const count = kinds.length;
  const { open, middle, close } = cellFrames(kinds, letters, style);
  const serial = dateSerials();
  const ROW_OPEN = ascii('<row r="');
  const ROW_OPEN_END = ascii('">');
  const ROW_CLOSE = ascii("</row>");

  const input = new CopyRows();
  const output = new ByteOutput(PIECE);
  let number = 2;
  let lastNumber = 0;
  let digits = Buffer.from("2");
  let left = 0;

  /** Writes complete rows from data[from, to) while the sheet has room; returns where it stopped. */
  function rows(data: Buffer, from: number, to: number) {
    // The output's buffer and position as locals for the byte loops; output.at is set back before any other write.
    let out = output.bytes;
    let at = output.at;
    let i = from;
    while (i < to && left > 0) {
      if (number !== lastNumber) {
        digits = ascii(String(number));
        lastNumber = number;
      }
      if (at + 64 > out.length) {
        out = output.spill(at, 64);
        at = 0;
      }
      at = put(out, at, ROW_OPEN);
      at = put(out, at, digits);
      at = put(out, at, ROW_OPEN_END);
      for (let f = 0; ; f++) {
        const start = i;
        i = scanValue(data, i, CLASS);
        const seen = scanned.seen;
        const length = i - start;
        if (f < count && !isCopyNull(data, start, length)) {
          const kind = kinds[f]!;
          if (at + length + 96 > out.length) {
            out = output.spill(at, length + 96);
            at = 0;
          }
          // A cell the byte rules leave to rowXml's own writer.
          let slowCell: string | null = null;
          if (seen & ESCAPE || (kind === "text" && seen & XML_SPECIAL)) {
            const value = decodeCopyValue(data.toString("utf8", start, i))!;
            slowCell = cell(kind, `${letters[f]}${number}`, value);
          } else if (kind === "date" || kind === "datetime") {
            const value = length === 10 || length === 16 ? serial(data, start, length) : null;
            if (value) {
              at = put(out, at, open[f]!);
              at = put(out, at, digits);
              at = put(out, at, middle[f]!);
              at = put(out, at, value);
              at = put(out, at, close[f]!);
            } else slowCell = cell(kind, `${letters[f]}${number}`, data.toString("utf8", start, i));
          } else {
            at = put(out, at, open[f]!);
            at = put(out, at, digits);
            at = put(out, at, middle[f]!);
            if (kind === "bool") {
              out[at++] = isCopyTrue(data, start, length) ? 49 : 48;
            } else for (let k = start; k < i; k++) out[at++] = data[k]!;
            at = put(out, at, close[f]!);
          }
          if (slowCell !== null) {
            output.at = at;
            output.text(slowCell);
            out = output.bytes;
            at = output.at;
          }
        }
        if (data[i] === LF) break;
        i++; // past the tab
      }
      if (at + 8 > out.length) {
        out = output.spill(at, 8);
        at = 0;
      }
      at = put(out, at, ROW_CLOSE);
      i++; // past the line feed
      number++;
      left--;
    }
    output.at = at;
    return i;
  }

  function run(chunk: Buffer) {
    const { data, end } = input.join(chunk);
    input.keep(data, end ? rows(data, 0, end) : 0);
  }

  return {
    /** A new sheet of at most `rows` rows, numbered from 2; rows held back from the last one go in first. */
    startSheet(sheetRows: number) {
      number = 2;
      left = sheetRows - 1;
      const held = input.takeWaiting();
      if (held) run(held);
    },
    write(chunk: Buffer) {
      run(chunk);
    },
    /** Keeps a chunk for the next sheet without writing it. */
    hold(chunk: Buffer) {
      input.hold(chunk);
    },
    full: () => left === 0,
    /** Rows (or part of one) waiting for a sheet. */
    pending: () => input.waiting,
    take: (min = 0): Buffer[] => output.take(min),
  };
}

export const SHEET_PIECE = PIECE;
