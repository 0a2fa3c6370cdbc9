/**
 * COPY … TO STDOUT's text format read back into rows: one row a line, values separated by
 * tabs, `\N` for null, and backslash escapes for tab, newline, CR and the backslash itself.
 * Every value stays the text Postgres printed; what a value means is for the reader to say.
 */
export type TextRow = (string | null)[];

const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
const ESCAPED = /\\(.)/g;

function decodeLine(line: string): TextRow {
  const values: TextRow = line.split("\t");
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (!value.includes("\\")) continue;
    values[i] = value === "\\N" ? null : value.replace(ESCAPED, (_, c: string) => ESCAPES[c] ?? c);
  }
  return values;
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
