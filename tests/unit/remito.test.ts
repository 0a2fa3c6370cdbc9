import { describe, expect, it } from "vitest";
import { lineFigures, lineSubtotal, paperOf } from "@domain/remito";

describe("the remito's lines", () => {
  it("prices KG and UN lines by weight, promotions by unit, freezer lines at 0", () => {
    expect(lineSubtotal({ Type: "KG", Amount: "1.500", Weight: "1.500", Unit_Price: "6400.00" })).toBe(960_000);
    // 2 units of 0.750 kg at $ 5.000 the kilo.
    expect(lineSubtotal({ Type: "UN", Amount: "2", Weight: "1.500", Unit_Price: "5000.00" })).toBe(750_000);
    expect(lineSubtotal({ Type: "PROMO", Amount: "3", Weight: "2.000", Unit_Price: "1999.99" })).toBe(599_997);
    expect(lineSubtotal({ Type: "KG", Amount: "2", Weight: "2", Unit_Price: "0.00" })).toBe(0);
  });

  it("shows a UN line's units, weight and price per kilogram, so the client can check the price", () => {
    const un = lineFigures({ Type: "UN", Amount: "3", Weight: "1.800", Unit_Price: "5400.00" });
    expect(un).toEqual({
      quantity: "3 u.",
      weight: "1,8 kg",
      price: "$\u00a05.400,00 por kg",
      priceParts: { amount: "$\u00a05.400,00", per: "por kg" },
      subtotal: "$\u00a09.720,00",
      summary: "3 u. · 1,8 kg × $\u00a05.400,00 por kg",
    });
    // A KG line's weight is its quantity: said once, unless weighed to another figure.
    expect(lineFigures({ Type: "KG", Amount: "2.500", Weight: "2.500", Unit_Price: "6400" }).summary).toBe(
      "2,5 kg × $\u00a06.400,00 por kg",
    );
    expect(lineFigures({ Type: "KG", Amount: "2.500", Weight: "2.430", Unit_Price: "6400" }).summary).toBe(
      "2,5 kg · 2,43 kg × $\u00a06.400,00 por kg",
    );
    expect(lineFigures({ Type: "PROMO", Amount: "2", Weight: "3.000", Unit_Price: "1999.99" }).price).toBe(
      "$\u00a01.999,99 por promo",
    );
  });

  it("bills and shows a line weighed at preparation by its real weight, beside the ordered one (issue 41)", () => {
    const boxes = { Type: "UN", Amount: "2", Weight: "20.000", Unit_Price: "1000.50", Picked_Weight: "19.600" };
    expect(lineSubtotal(boxes)).toBe(1_960_980);
    expect(lineFigures(boxes)).toMatchObject({
      weight: "19,6 kg (pedido 20 kg)",
      subtotal: "$\u00a019.609,80",
      summary: "2 u. · 19,6 kg (pedido 20 kg) × $\u00a01.000,50 por kg",
    });
    const kilos = { Type: "KG", Amount: "1.500", Weight: "1.500", Unit_Price: "2000", Picked_Weight: "1.475" };
    expect(lineFigures(kilos).summary).toBe("1,5 kg · 1,475 kg (pedido 1,5 kg) × $\u00a02.000,00 por kg");
    expect(lineSubtotal({ ...kilos, Picked_Weight: null })).toBe(300_000);
  });

  it("prints on A4 unless 80 mm is asked for", () => {
    expect([paperOf("80mm"), paperOf("a4"), paperOf(null), paperOf("carta")]).toEqual(["80mm", "a4", "a4", "a4"]);
  });
});
