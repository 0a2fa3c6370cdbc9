import { describe, expect, it } from "vitest";
import { lineSubtotal, paperOf } from "../../domain/remito";

describe("the remito's lines", () => {
  it("prices KG and UN lines by weight, promotions by unit, freezer lines at 0", () => {
    expect(lineSubtotal({ Type: "KG", Amount: "1.500", Weight: "1.500", Unit_Price: "6400.00" })).toBe(960_000);
    // 2 units of 0.750 kg at $ 5.000 the kilo.
    expect(lineSubtotal({ Type: "UN", Amount: "2", Weight: "1.500", Unit_Price: "5000.00" })).toBe(750_000);
    expect(lineSubtotal({ Type: "PROMO", Amount: "3", Weight: "2.000", Unit_Price: "1999.99" })).toBe(599_997);
    expect(lineSubtotal({ Type: "KG", Amount: "2", Weight: "2", Unit_Price: "0.00" })).toBe(0);
  });

  it("prints on A4 unless 80 mm is asked for", () => {
    expect([paperOf("80mm"), paperOf("a4"), paperOf(null), paperOf("carta")]).toEqual(["80mm", "a4", "a4", "a4"]);
  });
});
