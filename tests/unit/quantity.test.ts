import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseQuantity } from "../../domain/quantity";

describe("cart quantities (SPEC.md §5)", () => {
  it("takes KG with up to three decimals, comma or dot", () => {
    expect(parseQuantity("1,5", "KG")).toEqual({ ok: true, milliUnits: 1500 });
    expect(parseQuantity("0.125", "KG")).toEqual({ ok: true, milliUnits: 125 });
    expect(parseQuantity("1.2345", "KG")).toMatchObject({ ok: false });
  });

  it("takes UN and PROMO only as whole units", () => {
    expect(parseQuantity(3, "UN")).toEqual({ ok: true, milliUnits: 3000 });
    expect(parseQuantity("2.5", "PROMO")).toMatchObject({ ok: false });
    expect(parseQuantity("abc", "UN")).toMatchObject({ ok: false });
  });

  it("never loses a gram on any KG value with three decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (grams) => {
        const text = `${Math.floor(grams / 1000)},${String(grams % 1000).padStart(3, "0")}`;
        const parsed = parseQuantity(text, "KG");
        return parsed.ok && parsed.milliUnits === grams;
      }),
    );
  });
});
