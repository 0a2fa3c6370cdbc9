import { describe, expect, it } from "vitest";
import { CART_MESSAGES, type CartLine, type CatalogProduct } from "@domain/cart";
import { REPEAT_MESSAGES, repeatLine, type PastLine } from "@domain/repeat-order";

const product = (id: number, over: Partial<CatalogProduct> = {}): CatalogProduct => ({
  PK_Products: id,
  Name: `Producto ${id}`,
  Quantity: "10.000",
  Price: "1000.00",
  Unit_Weight: "0.500",
  If_Weight: true,
  Promotions: "0",
  ...over,
});
const past = (productId: number, over: Partial<PastLine> = {}): PastLine => ({
  productId,
  productName: `Antes ${productId}`,
  type: "KG",
  amount: "2.500",
  virtualFreezer: false,
  ...over,
});

describe("repeatLine ('Repetir último pedido')", () => {
  it("puts the past quantity and type into the cart under today's name, quoting today's price", () => {
    const outcome = repeatLine([], past(1, { type: "UN", amount: "3.000" }), product(1));
    expect(outcome).toEqual({
      ok: true,
      items: [
        {
          productId: 1,
          productName: "Producto 1",
          units: "3",
          type: "UN",
          virtual_freezer: false,
          vfLimit: null,
          quotedPrice: "1000.00",
        },
      ],
    });
  });

  it("asks the stock warning when today's stock falls short, with the line in the pending cart", () => {
    const outcome = repeatLine([], past(1, { amount: "12.000" }), product(1));
    expect(outcome).toMatchObject({ ok: false, stockWarning: { productId: 1, desiredKg: 12, stockKg: 10 } });
    if (outcome && "stockWarning" in outcome) expect(outcome.stockWarning.items.map((l) => l.units)).toEqual(["12"]);
  });

  it("leaves a product already in the cart as the seller set it", () => {
    const cart: CartLine[] = [
      { productId: 1, productName: "Producto 1", units: "1", type: "KG", virtual_freezer: false, vfLimit: null },
    ];
    expect(repeatLine(cart, past(1), product(1))).toBeNull();
  });

  it("refuses a product no longer sold and a type that no longer fits, naming the product", () => {
    expect(repeatLine([], past(1), undefined)).toEqual({ ok: false, message: REPEAT_MESSAGES.gone("Antes 1") });
    expect(repeatLine([], past(1, { type: "UN" }), product(1, { Unit_Weight: "0" }))).toEqual({
      ok: false,
      message: `Producto 1: ${CART_MESSAGES.notByUnit}`,
    });
  });

  it("draws a freezer line from what the freezer holds, capped at it", () => {
    expect(repeatLine([], past(1, { virtualFreezer: true }), product(1), 0)).toEqual({
      ok: false,
      message: `Producto 1: ${CART_MESSAGES.freezerEmpty}`,
    });
    const capped = repeatLine([], past(1, { virtualFreezer: true, amount: "5.000" }), product(1, { Quantity: "0" }), 2);
    expect(capped).toMatchObject({
      ok: true,
      warning: CART_MESSAGES.freezerExceeded,
      items: [{ units: "2", virtual_freezer: true, vfLimit: 2 }],
    });
  });
});
