import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  centavosToDecimal,
  formatMoney,
  formatMoneyWizard,
  formatWeight,
  gramsToDecimal,
  priceOf,
  toCentavos,
  toGrams,
} from "@domain/money";

describe("money in centavos and weight in grams", () => {
  it("reads a decimal comma or dot, with or without thousands", () => {
    expect(toGrams("1,25")).toBe(1250);
    expect(toGrams("1.25")).toBe(1250);
    expect(toCentavos("1.234,50")).toBe(123450);
    expect(toCentavos(0.1 + 0.2)).toBe(30);
    expect(Number.isNaN(toGrams("abc"))).toBe(true);
    expect(Number.isNaN(toGrams(""))).toBe(true);
  });

  it("writes numeric column text exactly", () => {
    expect(centavosToDecimal(123405)).toBe("1234.05");
    expect(gramsToDecimal(2500)).toBe("2.500");
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (c) => toCentavos(centavosToDecimal(c)) === c));
  });

  it("prices a quantity to the centavo", () => {
    expect(priceOf(150000, 1250)).toBe(187500);
    expect(priceOf(99, 333)).toBe(33);
  });

  it("formats es-AR pesos with 2 decimals in admin screens and 0 in the wizard", () => {
    expect(formatMoney(123456789).replace(/\s/g, " ")).toBe("$ 1.234.567,89");
    expect(formatMoneyWizard(123456789).replace(/\s/g, " ")).toBe("$ 1.234.568");
    expect(formatWeight(12345)).toBe("12,3 kg");
  });
});
