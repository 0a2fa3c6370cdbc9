import { describe, expect, it } from "vitest";
import { copyTextDecoder, encodeCopyText } from "../../server/db/copy-text";

describe("COPY text format reader", () => {
  it("splits rows and values, reads \\N as null and undoes the escapes", () => {
    const decode = copyTextDecoder();
    expect(decode(Buffer.from("1\tMitre\\t500\t\\N\n2\ta\\\\b\\nc\\r\t7.50\n"))).toEqual([
      ["1", "Mitre\t500", null],
      ["2", "a\\b\nc\r", "7.50"],
    ]);
  });

  it("keeps a line cut between chunks, even inside a multi-byte character, for the next chunk", () => {
    const decode = copyTextDecoder();
    const bytes = Buffer.from("1\tÑandú\n2\tPeñón\n");
    const cut = bytes.indexOf(Buffer.from("ñ")) + 1; // in the middle of 'ñ'
    expect(decode(bytes.subarray(0, cut))).toEqual([["1", "Ñandú"]]);
    expect(decode(bytes.subarray(cut))).toEqual([["2", "Peñón"]]);
  });

  it("writes rows as COPY prints them, which it reads back unchanged (the embedded database's COPY)", () => {
    const rows = [
      ["1", "Mitre\t500", null],
      ["2", "a\\b\nc\r", ""],
      ["3", "\\N", "Ñandú"],
    ];
    const copy = encodeCopyText(rows);
    expect(copy.toString()).toBe("1\tMitre\\t500\t\\N\n2\ta\\\\b\\nc\\r\t\n3\t\\\\N\tÑandú\n");
    expect(copyTextDecoder()(copy)).toEqual(rows);
  });
});
