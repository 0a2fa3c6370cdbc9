/**
 * COPY … TO STDOUT's text format read back into rows: one row a line, values separated by
 * tabs, `\N` for null, and backslash escapes for tab, newline, CR and the backslash itself.
 * Every value stays the text Postgres printed; what a value means is for the reader to say.
 */
export type TextRow = (string | null)[];

const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
const ESCAPED = /\\(.)/g;

/** One value as COPY printed it: `\N` is null, escapes are undone. */
export const decodeCopyValue = (value: string): string | null =>
  !value.includes("\\") ? value : value === "\\N" ? null : value.replace(ESCAPED, (_, c: string) => ESCAPES[c] ?? c);

function decodeLine(line: string): TextRow {
  const values: TextRow = line.split("\t");
  for (let i = 0; i < values.length; i++) values[i] = decodeCopyValue(values[i]!);
  return values;
}

const UNESCAPED = /[\\\t\n\r]/g;
const ESCAPED_AS: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** Rows as COPY … TO STDOUT would print them (what the decoder reads back): for a database without COPY. */
export function encodeCopyText(rows: readonly TextRow[]): Buffer {
  let text = "";
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const value = row[i];
      if (i) text += "\t";
      text += value === null || value === undefined ? "\\N" : value.replace(UNESCAPED, (c) => ESCAPED_AS[c]!);
    }
    text += "\n";
  }
  return Buffer.from(text, "utf8");
}

/**
 * A decoder for a stream of COPY chunks: each call returns the rows completed by that chunk
 * and keeps a cut-off line for the next. Lines are cut at '\n', a byte that never occurs
 * inside a multi-byte UTF-8 character, so no character is split.
 */
export function copyTextDecoder() {
  let rest: Buffer | null = null;
  return (chunk: Buffer): TextRow[] => {
    const data = rest ? Buffer.concat([rest, chunk]) : chunk;
    const end = data.lastIndexOf(10);
    if (end < 0) {
      rest = data;
      return [];
    }
    rest = end + 1 < data.length ? Buffer.from(data.subarray(end + 1)) : null;
    return data.toString("utf8", 0, end).split("\n").map(decodeLine);
  };
}
