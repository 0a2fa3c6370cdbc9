/**
 * The one reader of COPY … TO STDOUT's text format for the byte transcoders (copy-csv.ts,
 * copy-xlsx.ts): what each byte is, the scan of one value, the tests for \N and true, and
 * chunks framed into whole rows. Each transcoder adds the marks its own output cares about.
 */

/** Tab or line feed: the value ends. */
const END = 1;
/** Backslash: an escape, or \N. */
export const ESCAPE = 2;
export const LF = 10;

const TAB = 9;
const BACKSLASH = 92;

/** A byte table with END and ESCAPE set; `mark` adds the writer's own classes (bits from 4 up). */
export function byteClasses(mark: (classes: Uint8Array) => void): Uint8Array {
  const classes = new Uint8Array(256);
  mark(classes);
  classes[TAB] = END;
  classes[LF] = END;
  classes[BACKSLASH] = ESCAPE;
  return classes;
}

/** The classes of the bytes of the value scanned last, OR-ed together. */
export const scanned = { seen: 0 };

/** Scans the value starting at `i`; returns the index of the tab or line feed that ends it. */
export function scanValue(data: Buffer, i: number, classes: Uint8Array): number {
  let seen = 0;
  let b = data[i]!;
  while (!(classes[b]! & END)) {
    seen |= classes[b]!;
    b = data[++i]!;
  }
  scanned.seen = seen;
  return i;
}

/** \N, COPY's null. */
export const isCopyNull = (data: Buffer, start: number, length: number) =>
  length === 2 && data[start] === BACKSLASH && data[start + 1] === 78;

/** A boolean COPY prints as true: 't' (text format) or 'true'. */
export const isCopyTrue = (data: Buffer, start: number, length: number) =>
  (length === 4 &&
    data[start] === 116 &&
    data[start + 1] === 114 &&
    data[start + 2] === 117 &&
    data[start + 3] === 101) ||
  (length === 1 && data[start] === 116);

/** COPY text arrives in chunks that may cut a row: whole rows are handed on, the cut one waits. */
export class CopyRows {
  private rest: Buffer | null = null;

  /** The chunk after what waited, and where its last whole row ends (0: none yet). */
  join(chunk: Buffer): { data: Buffer; end: number } {
    const data = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = null;
    return { data, end: data.lastIndexOf(LF) + 1 };
  }

  /** What is left of `data` from `from` waits for the next chunk. */
  keep(data: Buffer, from: number) {
    this.rest = from < data.length ? Buffer.from(data.subarray(from)) : null;
  }

  /** Keeps a chunk whole, unread. */
  hold(chunk: Buffer) {
    this.rest = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
  }

  /** What waits, taken out. */
  takeWaiting(): Buffer | null {
    const waiting = this.rest;
    this.rest = null;
    return waiting;
  }

  get waiting() {
    return !!this.rest && this.rest.length > 0;
  }
}
