import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DECIMAL_MESSAGES, decimalReading, formatDecimalInput, parseDecimalInput } from "@domain/decimal-input";

const money = (text: string) => parseDecimalInput(text, { decimals: 2 });
const kilos = (text: string) => parseDecimalInput(text, { decimals: 3 });
const centavos = (text: string) => {
  const read = money(text);
  return read.ok ? read.scaled : read.message;
};
const grams = (text: string) => {
  const read = kilos(text);
  return read.ok ? read.scaled : read.message;
};

describe("numbers as typed in Argentina (issue 29, item 4)", () => {
  it("reads dots as thousands and the comma as the decimal mark", () => {
    expect(centavos("111.000")).toBe(11_100_000);
    expect(centavos("111.000,50")).toBe(11_100_050);
    expect(centavos("111000")).toBe(11_100_000);
    expect(centavos("1.234.567,8")).toBe(123_456_780);
    expect(centavos("1,5")).toBe(150);
    expect(centavos("$ 111.000")).toBe(11_100_000);
    expect(centavos(" 4 000 ")).toBe(400_000);
    expect(grams("1,5")).toBe(1_500);
    expect(grams("2,125")).toBe(2_125);
    expect(grams("1.500")).toBe(1_500_000);
  });

  it("reads a single dot that cannot group thousands as a decimal point", () => {
    expect(centavos("1.5")).toBe(150);
    expect(centavos("1234.50")).toBe(123_450);
    expect(grams("0.500")).toBe(500);
    expect(grams("2.25")).toBe(2_250);
    expect(grams("1234.567")).toBe(1_234_567);
    expect(grams(".5")).toBe(500);
  });

  it("takes what is typed so far: a trailing comma or dot", () => {
    expect(centavos("12,")).toBe(1_200);
    expect(centavos("12.")).toBe(1_200);
    expect(centavos("0")).toBe(0);
    expect(centavos("007")).toBe(700);
  });

  it("refuses garbage with a message that says what to type", () => {
    expect(centavos("")).toBe(DECIMAL_MESSAGES.empty);
    expect(centavos("abc")).toBe(DECIMAL_MESSAGES.invalid);
    expect(centavos("12a")).toBe(DECIMAL_MESSAGES.invalid);
    expect(centavos("1e5")).toBe(DECIMAL_MESSAGES.invalid);
    expect(centavos("1,2,3")).toBe(DECIMAL_MESSAGES.invalid);
    expect(centavos(",")).toBe(DECIMAL_MESSAGES.invalid);
    expect(centavos("1.2.3")).toBe(DECIMAL_MESSAGES.grouping);
    expect(centavos("11.10.000")).toBe(DECIMAL_MESSAGES.grouping);
    expect(centavos("1.00,5")).toBe(DECIMAL_MESSAGES.grouping);
    expect(centavos("1,000.50")).toBe(DECIMAL_MESSAGES.grouping);
    expect(centavos("1,505")).toBe("Admite hasta 2 decimales.");
    expect(centavos("-5")).toBe(DECIMAL_MESSAGES.negative);
    expect(centavos("9999999999999")).toBe(DECIMAL_MESSAGES.tooLarge);
    expect(parseDecimalInput("1,5", { decimals: 0 })).toEqual({ ok: false, message: "Ingresá un número entero." });
    expect(parseDecimalInput("-3,5", { decimals: 3, allowNegative: true })).toEqual({
      ok: true,
      scaled: -3_500,
      value: -3.5,
    });
  });

  it("shows money always with 2 decimals, weights with what they have", () => {
    expect(formatDecimalInput(87_252.2, 2, { money: true })).toBe("87.252,20");
    expect(formatDecimalInput(100, 2, { money: true })).toBe("100,00");
    expect(formatDecimalInput(1.5, 3)).toBe("1,5");
    expect(decimalReading(12_345.5, 2, "$")).toBe("Se lee: $ 12.345,50");
    expect(decimalReading(111_000, 2, "$")).toBe("Se lee: $ 111.000,00");
    expect(decimalReading(0.25, 3, "kg")).toBe("Se lee: 0,25 kg");
  });

  it("reads back exactly what a field shows, for any amount to the centavo or gram", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.constantFrom(2, 3),
        fc.boolean(),
        (scaled, decimals, money) => {
          const shown = formatDecimalInput(scaled / 10 ** decimals, decimals, { money });
          expect(parseDecimalInput(shown, { decimals })).toEqual({ ok: true, scaled, value: scaled / 10 ** decimals });
        },
      ),
    );
  });
});
