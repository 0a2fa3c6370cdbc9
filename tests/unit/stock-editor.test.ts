import { describe, expect, it } from "vitest";
import { stockEditorMinimum, stockEditorRefusal } from "@domain/cart-stock";

describe("the stock warning's editor (SPEC.md §4, §5)", () => {
  it("has the larger of the current stock and the line's weight as its minimum", () => {
    expect(stockEditorMinimum({ stockKg: 2, desiredKg: 9 })).toBe(9);
    expect(stockEditorMinimum({ stockKg: 12.5, desiredKg: 9 })).toBe(12.5);
  });

  it("refuses less than the minimum naming it, and no number or below 0 with SPEC.md's message", () => {
    expect(stockEditorRefusal(9, 9)).toBeNull();
    expect(stockEditorRefusal(20, 9)).toBeNull();
    expect(stockEditorRefusal(8.999, 9)).toBe("El stock no puede ser menor a 9 kg.");
    expect(stockEditorRefusal(3, 12.5)).toBe("El stock no puede ser menor a 12,5 kg.");
    expect(stockEditorRefusal(-3, 9)).toBe("Ingrese un valor de stock valido.");
    expect(stockEditorRefusal("abc", 9)).toBe("Ingrese un valor de stock valido.");
    expect(stockEditorRefusal(Number.NaN, 0)).toBe("Ingrese un valor de stock valido.");
  });
});
