import { describe, expect, it } from "vitest";
import { COLD_CHAIN_DEFAULT, coldChainRefusal, formatCelsius, parseTemperature } from "@domain/cold-chain";

const tenths = (input: string | number) => {
  const read = parseTemperature(input);
  return read.ok ? read.tenths : read.message;
};

describe("the goods' temperature at delivery (issue 41)", () => {
  it("reads es-AR temperatures with 1 decimal, a typographic minus and a trailing °C, from −40 to +30", () => {
    expect(tenths("-18,5")).toBe(-185);
    expect(tenths("−5")).toBe(-50);
    expect(tenths("-12 °C")).toBe(-120);
    expect(tenths(-40)).toBe(-400);
    expect(tenths("30")).toBe(300);
    expect(tenths(-0.1)).toBe(-1);
    expect(tenths("-40,1")).toBe("La temperatura va de −40 °C a +30 °C.");
    expect(tenths(30.1)).toBe("La temperatura va de −40 °C a +30 °C.");
    expect(tenths("-5,55")).toBe("La temperatura admite 1 decimal.");
    expect(tenths(-5.55)).toBe("La temperatura admite 1 decimal.");
    expect(tenths("")).toBe("Ingresá la temperatura de la mercadería (°C).");
  });

  it("needs a reading when required, and a note above the maximum (the maximum itself is fine)", () => {
    const on = { required: true, max_c: -12 };
    expect(coldChainRefusal(COLD_CHAIN_DEFAULT, null, "")).toBeNull();
    expect(coldChainRefusal(on, null, "")).toBe("Ingresá la temperatura de la mercadería (°C).");
    expect(coldChainRefusal(on, -12, "")).toBeNull();
    expect(coldChainRefusal(on, -11.9, "")).toBe(
      "La mercadería está a −11,9 °C, más que el máximo de −12 °C: anotá qué se hizo, o marcá 'No entregado' por 'Cadena de frío'.",
    );
    expect(coldChainRefusal(on, -11.9, "  ")).not.toBeNull();
    expect(coldChainRefusal(on, -5, "Guardada en el freezer del cliente.")).toBeNull();
    // Off, a reading given is still held to the maximum.
    expect(coldChainRefusal(COLD_CHAIN_DEFAULT, -5, "")).not.toBeNull();
    expect([formatCelsius(-18.5), formatCelsius(0), formatCelsius(2)]).toEqual(["−18,5 °C", "0 °C", "+2 °C"]);
  });
});
