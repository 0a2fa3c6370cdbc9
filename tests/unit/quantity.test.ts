import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { committedUnits, parseQuantity } from "@domain/quantity";

describe("cart quantities (SPEC.md §5)", () => {
  it("takes KG with up to three decimals, comma or dot", () => {
    expect(parseQuantity("1,5", "KG")).toEqual({ ok: true, milliUnits: 1500 });
    expect(parseQuantity("0.125", "KG")).toEqual({ ok: true, milliUnits: 125 });
    expect(parseQuantity("1.2345", "KG")).toMatchObject({ ok: false });
  });

  it("rounds UN and PROMO quantities to whole units rather than refusing them", () => {
    expect(parseQuantity(3, "UN")).toEqual({ ok: true, milliUnits: 3000 });
    expect(parseQuantity("2.5", "PROMO")).toEqual({ ok: true, milliUnits: 3000 });
    expect(parseQuantity("2,4", "UN")).toEqual({ ok: true, milliUnits: 2000 });
    expect(parseQuantity("abc", "UN")).toMatchObject({ ok: false });
  });

  it("settles a committed quantity: UN whole, KG to 3 decimals, an emptied field to 0", () => {
    expect(committedUnits("2,6", "UN")).toBe("3");
    expect(committedUnits("1,2345", "KG")).toBe("1.235");
    expect(committedUnits("", "KG")).toBe("0");
    expect(committedUnits("-1", "UN")).toBe("-1");
    expect(committedUnits("x", "UN")).toBeNull();
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
