import { describe, expect, it } from "vitest";
import { firstMatch, matchProducts } from "@domain/product-search";
import { usualChoices } from "@domain/usual-order";

const product = (Name: string, is_promotion = false) => ({ Name, is_promotion });
const catalog = [
  product("Pizza muzzarella"),
  product("Salmón rosado"),
  product("PROMO pizza y empanadas", true),
  product("Empanadas de carne"),
  product("Pizza napolitana"),
];

describe("the wizard's product search", () => {
  it("ignores accents and case, and puts promotions first, then each group by name", () => {
    expect(matchProducts(catalog, "SALMON").map((p) => p.Name)).toEqual(["Salmón rosado"]);
    expect(matchProducts(catalog, "pizza").map((p) => p.Name)).toEqual([
      "PROMO pizza y empanadas",
      "Pizza muzzarella",
      "Pizza napolitana",
    ]);
    expect(matchProducts(catalog, "")).toHaveLength(5);
  });

  it("Enter adds the first match as listed, and nothing for an empty query or no match", () => {
    expect(firstMatch(catalog, "  napol ")?.Name).toBe("Pizza napolitana");
    expect(firstMatch(catalog, "pizza")?.Name).toBe("PROMO pizza y empanadas");
    expect(firstMatch(catalog, "   ")).toBeUndefined();
    expect(firstMatch(catalog, "helado")).toBeUndefined();
  });
});

describe("the client's usual slot and payment", () => {
  const slots = ["SELECCIONE", "Mañana", "Tarde"].map((Name, i) => ({ PK_TimesShipping: i + 1, Name }));
  const methods = ["Efectivo", "Transferencia"].map((Name, i) => ({ PK_PayMethods: i + 1, Name }));

  it("offers the last order's slot, marked persist, and its payment method", () => {
    expect(usualChoices({ shipping_time_id: 3, payment_method_id: 2 }, slots, methods)).toEqual({
      time: { id: 3, text: "Tarde", persist: true },
      payment: { id: 2, name: "Transferencia" },
    });
  });

  it("offers nothing without an order, for the placeholder, or for what is no longer offered", () => {
    expect(usualChoices(null, slots, methods)).toEqual({ time: null, payment: null });
    expect(usualChoices({ shipping_time_id: 1, payment_method_id: 9 }, slots, methods)).toEqual({
      time: null,
      payment: null,
    });
    expect(usualChoices({ shipping_time_id: null, payment_method_id: null }, slots, methods)).toEqual({
      time: null,
      payment: null,
    });
  });
});
