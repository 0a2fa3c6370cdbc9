import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { csvStream, neutralise } from "../../server/features/exports/writers";

async function* batches(rows: Record<string, unknown>[]) {
  yield rows;
}
const text = async (stream: Readable) => {
  let out = "";
  for await (const chunk of stream) out += chunk;
  return out;
};

describe("CSV formula neutralisation (OWASP CSV injection)", () => {
  it.each(["=1+2", "+54 11", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])("prefixes %j with an apostrophe", (value) => {
    expect(neutralise(value)).toBe(`'${value}`);
  });

  it.each(["-34.720000", "-12", "12.50", "Mitre 500", "", "a=b"])("leaves %j alone", (value) => {
    expect(neutralise(value)).toBe(value);
  });

  it("writes tab and CR cells quoted and neutralised, numbers and booleans as they are", async () => {
    const csv = await text(csvStream(["a", "b", "c", "d"], batches([{ a: "\tx", b: "\ry", c: -3, d: false }])));
    expect(csv).toBe('a,b,c,d\r\n"\'\tx","\'\ry",-3,false\r\n');
  });
});
