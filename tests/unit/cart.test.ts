import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addProduct,
  capFreezerLines,
  cartTotals,
  changeType,
  freezerAvailable,
  freezerHolding,
  setUnits,
  typeRefusal,
  type CartLine,
  type CatalogProduct,
} from "@domain/cart";

const product = (id: number, over: Partial<CatalogProduct> = {}): CatalogProduct => ({
  PK_Products: id,
  Name: `P${id}`,
  Quantity: "100.000",
  Price: "1000.00",
  Unit_Weight: "0.500",
  If_Weight: true,
  Promotions: "0",
  ...over,
});
const items = (outcome: ReturnType<typeof addProduct>) => {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.items;
};

describe("cart line logic (SPEC.md §4)", () => {
  it("adds a product as KG, a promo as PROMO, and adds one unit to an existing line", () => {
    let cart = items(addProduct([], product(1)));
    expect(cart[0]).toMatchObject({ type: "KG", units: "1" });
    cart = items(addProduct(cart, product(1)));
    expect(cart[0]!.units).toBe("2");
    cart = items(addProduct(cart, product(2, { Promotions: "1-3-0-0" })));
    expect(cart[1]!.type).toBe("PROMO");
  });

  it("removes a line at zero or below, and takes KG with three decimals", () => {
    const cart = items(addProduct([], product(1)));
    expect(items(setUnits(cart, cart[0]!, "0", product(1)))).toEqual([]);
    expect(items(setUnits(cart, cart[0]!, "1,250", product(1)))[0]!.units).toBe("1,250");
    expect(setUnits(cart, cart[0]!, "1,2345", product(1))).toMatchObject({ ok: false });
  });

  it("changes to UN with one unit, refuses UN without a unit weight and any change of a promo", () => {
    const cart = items(addProduct([], product(1)));
    expect(items(changeType(cart, cart[0]!, "UN", product(1)))[0]).toMatchObject({ type: "UN", units: "1" });
    expect(changeType(cart, cart[0]!, "UN", product(1, { Unit_Weight: "0" }))).toEqual({
      ok: false,
      message: "Este producto no puede venderse por unidad.",
    });
    const promo = items(addProduct([], product(2, { Promotions: "1-0-0-0" })));
    expect(changeType(promo, promo[0]!, "KG", product(2, { Promotions: "1-0-0-0" }))).toEqual({
      ok: false,
      message: "No se puede cambiar el tipo de un producto en promoción.",
    });
  });

  it("refuses a freezer line held as UN of a product without a unit weight as it is added", () => {
    expect(addProduct([], product(1, { Unit_Weight: "0" }), { quantity: 2, type: "UN" })).toEqual({
      ok: false,
      message: "Este producto no puede venderse por unidad.",
    });
    expect(items(addProduct([], product(1, { Unit_Weight: "0" }), { quantity: 2, type: "KG" }))[0]).toMatchObject({
      type: "KG",
      virtual_freezer: true,
    });
  });

  it("opens the stock warning when the weight exceeds stock", () => {
    const outcome = addProduct([], product(1, { Quantity: "0.500" }));
    expect(outcome).toMatchObject({ ok: false, stockWarning: { productId: 1, desiredKg: 1, stockKg: 0.5 } });
  });

  it("caps freezer lines at the freezer balance with SPEC.md's warning", () => {
    const cart = items(addProduct([], product(1), { quantity: 2, type: "KG" }));
    const capped = setUnits(cart, cart[0]!, "5", product(1));
    expect(capped).toMatchObject({
      ok: true,
      warning: "No puedes superar la cantidad disponible en el Freezer Virtual.",
    });
    expect(addProduct([], product(1), { quantity: 0, type: "KG" })).toEqual({
      ok: false,
      message: "No hay stock disponible en el Freezer Virtual para este producto.",
    });
    expect(freezerAvailable(2.5, "KG", 1.25)).toBe(1.25);
    expect(freezerAvailable(3, "UN", 1.5)).toBe(1);
    expect(freezerAvailable(1, "UN", 4)).toBe(0);
  });

  it("starts a freezer line holding less than one at what the freezer holds, with the cap's warning", () => {
    const outcome = addProduct([], product(1), { quantity: 0.5, type: "KG" });
    expect(outcome).toMatchObject({
      ok: true,
      warning: "No puedes superar la cantidad disponible en el Freezer Virtual.",
      items: [{ productId: 1, units: "0.5", type: "KG", virtual_freezer: true, vfLimit: 0.5 }],
    });
    // A second tap stays at the cap too.
    const cart = items(outcome);
    expect(items(addProduct(cart, product(1), { quantity: 0.5, type: "KG" }))[0]!.units).toBe("0.5");
  });

  it("a modified order's freezer lines keep their cap: the balance plus what the order already took", () => {
    const old: CartLine[] = [
      { productId: 1, productName: "P1", units: "2", type: "UN", virtual_freezer: true, vfLimit: null },
    ];
    expect(freezerHolding(1, 1, old)).toBe(3);
    const capped = capFreezerLines(old, [{ PK_Products: 1, Quantity: "1.000" }], old);
    expect(capped[0]!.vfLimit).toBe(3);
    expect(capFreezerLines(capped, [{ PK_Products: 1, Quantity: "1.000" }], old)).toBe(capped);
    expect(setUnits(capped, capped[0]!, "5", product(1))).toMatchObject({
      ok: true,
      warning: "No puedes superar la cantidad disponible en el Freezer Virtual.",
    });
  });

  it("one type rule for the wizard and the server", () => {
    expect(typeRefusal("KG", { promotions: "1-2", unitWeight: "1" })).toBe(
      "No se puede cambiar el tipo de un producto en promoción.",
    );
    expect(typeRefusal("UN", { promotions: "0", unitWeight: "0" })).toBe("Este producto no puede venderse por unidad.");
    expect(typeRefusal("UN", { promotions: null, unitWeight: "0.5" })).toBeNull();
  });

  it("totals equal the sum of lines, are never negative, and freezer lines cost nothing", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.integer({ min: 1, max: 8 }),
            grams: fc.integer({ min: 1, max: 20_000 }),
            fv: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        (lines) => {
          const catalog = new Map(
            Array.from({ length: 8 }, (_, i) => [i + 1, product(i + 1, { Price: `${(i + 1) * 333}.33` })]),
          );
          const cart: CartLine[] = lines.map((l) => ({
            productId: l.id,
            productName: "",
            units: (l.grams / 1000).toFixed(3),
            type: "KG",
            virtual_freezer: l.fv,
            vfLimit: null,
          }));
          const totals = cartTotals(cart, catalog);
          const expected = lines.reduce(
            (sum, l) => sum + (l.fv ? 0 : Math.round(((l.id * 33300 + 33) * l.grams) / 1000)),
            0,
          );
          return (
            totals.total === expected && totals.total >= 0 && totals.weight === lines.reduce((s, l) => s + l.grams, 0)
          );
        },
      ),
    );
  });
});
