import { describe, expect, it } from "vitest";
import {
  checkTolerance,
  finalAmountMessage,
  lineTotal,
  outOfToleranceMessage,
  parseWeight,
  pickedWeightNote,
  readGs1NetWeight,
  WEIGHT_MESSAGES,
} from "@domain/catch-weight";
import { priceLine } from "@domain/pricing";

const grams = (text: string | number) => {
  const read = parseWeight(text);
  return read.ok ? read.grams : read.message;
};

describe("the real weight typed at preparation (issue 41)", () => {
  it("reads es-AR weights up to 3 decimals, exact to the gram", () => {
    expect(grams("19,6")).toBe(19_600);
    expect(grams("0,125")).toBe(125);
    expect(grams("1.234,5")).toBe(1_234_500);
    expect(grams(19.6)).toBe(19_600);
    expect(grams("20")).toBe(20_000);
    // A JSON number is a number, never es-AR text: 1.475 is a kilo and a half.
    expect(grams(1.475)).toBe(1_475);
    expect(grams(0.1 + 0.2)).toBe(300);
    expect(grams(1.2345)).toBe("Admite hasta 3 decimales.");
  });

  it("refuses zero, negatives, more than 3 decimals and text", () => {
    expect(grams("0")).toBe(WEIGHT_MESSAGES.positive);
    expect(grams("0,000")).toBe(WEIGHT_MESSAGES.positive);
    expect(grams("-1")).toBe("Ingresá un número positivo.");
    expect(grams("1,2345")).toBe("Admite hasta 3 decimales.");
    expect(grams("diez")).toBe("Ingresá solo números, como 111.000 o 1.234,50.");
    expect(grams("")).toBe("Ingresá un número.");
    expect(grams(Number.NaN)).toBe("Ingresá un número.");
  });
});

describe("re-pricing a weighed line", () => {
  const kg = { type: "KG", ordered: 20_000, unitPrice: 345_670, virtualFreezer: false, milliUnits: 20_000 };

  it("bills real kg × price per kg, rounded half up to the centavo", () => {
    expect(lineTotal({ ...kg, picked: null })).toBe(6_913_400);
    // 19,6 kg × $3.456,70 = $67.751,32
    expect(lineTotal({ ...kg, picked: 19_600 })).toBe(6_775_132);
    // 0,333 kg × $3.456,70 = $1.151,0811 → $1.151,08; 0,335 kg → $1.158,0945 → $1.158,09
    expect(lineTotal({ ...kg, picked: 333 })).toBe(115_108);
    expect(lineTotal({ ...kg, unitPrice: 150, picked: 1 })).toBe(0);
    expect(lineTotal({ ...kg, unitPrice: 500, picked: 1 })).toBe(1);
  });

  it("a UN line's ordered weight is units × unit weight, and its real weight is billed the same way", () => {
    const ordered = priceLine({
      type: "UN",
      milliUnits: 2_000,
      price: 100_000,
      unitWeight: 10_000,
      weighted: true,
      virtualFreezer: false,
    });
    expect(ordered.weight).toBe(20_000);
    const line = { type: "UN", ordered: ordered.weight, unitPrice: 100_000, virtualFreezer: false, milliUnits: 2_000 };
    expect(lineTotal({ ...line, picked: null })).toBe(ordered.total);
    expect(lineTotal({ ...line, picked: 19_600 })).toBe(1_960_000);
  });

  it("a correction starts from the ordered weight, never from the last re-pricing", () => {
    const first = lineTotal({ ...kg, picked: 19_600 });
    const second = lineTotal({ ...kg, picked: 20_400 });
    expect(second).toBe(7_051_668);
    expect(second - first).toBe(lineTotal({ ...kg, picked: 800 }));
  });

  it("promotions are billed by units and freezer lines cost nothing, whatever weight is given", () => {
    expect(lineTotal({ ...kg, type: "PROMO", milliUnits: 2_000, picked: 5_000 })).toBe(691_340);
    expect(lineTotal({ ...kg, virtualFreezer: true, picked: 19_600 })).toBe(0);
  });
});

describe("the tolerance", () => {
  it("compares in grams and hundredths of a percent; the limit itself is within", () => {
    expect(checkTolerance(20_000, 18_000, 10)).toEqual({ difference: -2_000, percent: -10, within: true });
    expect(checkTolerance(20_000, 17_999, 10).within).toBe(false);
    expect(checkTolerance(20_000, 22_000, 10).within).toBe(true);
    expect(checkTolerance(20_000, 22_001, 10).within).toBe(false);
    expect(checkTolerance(20_000, 20_250, 1.25).within).toBe(true);
    expect(checkTolerance(20_000, 20_251, 1.25).within).toBe(false);
    expect(checkTolerance(20_000, 20_001, 0).within).toBe(false);
    expect(checkTolerance(20_000, 20_000, 0).within).toBe(true);
    expect(checkTolerance(3_000, 3_100, 10).percent).toBe(3.3);
  });

  it("names the product, the kilos and the percent", () => {
    expect(outOfToleranceMessage("Pollo entero", 20_000, 17_000, 10)).toBe(
      "El peso real de Pollo entero (17 kg) difiere −3 kg (−15 %) de lo pedido (20 kg), fuera de la tolerancia de 10 %.",
    );
    expect(outOfToleranceMessage("Pollo entero", 20_000, 23_500, 2.5)).toBe(
      "El peso real de Pollo entero (23,5 kg) difiere +3,5 kg (+17,5 %) de lo pedido (20 kg), fuera de la tolerancia de 2,5 %.",
    );
  });

  it("says the history line as the order shows it", () => {
    expect(pickedWeightNote("Pollo entero", 20_000, 19_600)).toBe("Pollo entero — Peso real: 19,6 kg (pedido 20 kg)");
  });
});

describe("the final amount sent to the client", () => {
  it("says the order, the es-AR amount and, when weighed, that it follows the real weight", () => {
    expect(finalAmountMessage(42, 8_500_000, true)).toBe(
      "Pedido #42: el total final es $\u00a085.000,00, según el peso real de la mercadería preparada.",
    );
    expect(finalAmountMessage(42, 150_050, false)).toBe("Pedido #42: el total final es $\u00a01.500,50.");
  });
});

describe("GS1-128 net weight (AI 310n)", () => {
  it("reads the net weight with n decimals from raw and printed element strings", () => {
    expect(readGs1NetWeight("]C1010950110153000331030196001520261231")).toBe(19_600);
    expect(readGs1NetWeight("0109501101530003\u001d10LOTE7\u001d3102001960")).toBe(19_600);
    expect(readGs1NetWeight("(01)09501101530003(3101)000196")).toBe(19_600);
    expect(readGs1NetWeight("3100000020")).toBe(20_000);
    expect(readGs1NetWeight("3105019600")).toBe(196);
    // A lot (variable length) ended by GS before the weight.
    expect(readGs1NetWeight("10ABC123\u001d3103012345")).toBe(12_345);
    // GTIN, lot (ended by GS), the weight, then a best-before date; and what a scanner types printed.
    expect(readGs1NetWeight("]C10107791234567898\u001d10L-42\u001d310200196017261231")).toBe(19_600);
    expect(readGs1NetWeight("\u001d0107791234567898172612313103019600\u001d10A1")).toBe(19_600);
    expect(readGs1NetWeight("(01)07791234567898(3102)001960")).toBe(19_600);
    expect(readGs1NetWeight("(01)07791234567898(10)L-42(3103)019600(17)261231")).toBe(19_600);
  });

  it("answers null for labels without a net weight in kilograms", () => {
    expect(readGs1NetWeight("0109501101530003")).toBeNull();
    expect(readGs1NetWeight("3203001234")).toBeNull();
    expect(readGs1NetWeight("3103000000")).toBeNull();
    expect(readGs1NetWeight("hola")).toBeNull();
    // What a preparer types by hand, a cut label, and text around a label.
    expect(readGs1NetWeight("19,6")).toBeNull();
    expect(readGs1NetWeight("196")).toBeNull();
    expect(readGs1NetWeight("31020019")).toBeNull();
    expect(readGs1NetWeight("3102001960 kg")).toBeNull();
    expect(readGs1NetWeight("peso (3102)001960")).toBeNull();
    expect(readGs1NetWeight("(01)07791234567898(3102)")).toBeNull();
    expect(readGs1NetWeight("")).toBeNull();
  });
});
