import { describe, expect, it } from "vitest";
import { addProduct, type CartLine, type CatalogProduct } from "@domain/cart";
import { repricedLines, repricedLineText } from "@domain/repriced-lines";

const product = (id: number, Price: string): CatalogProduct => ({
  PK_Products: id,
  Name: `P${id}`,
  Quantity: "50",
  Price,
  Unit_Weight: "0.500",
  If_Weight: true,
  Promotions: "0",
});
const linesOf = (outcome: ReturnType<typeof addProduct>): CartLine[] => (outcome.ok ? outcome.items : []);

describe("repriced cart lines", () => {
  it("quotes the price shown when a line goes in, and marks the line once the catalogue says another", () => {
    const cart = linesOf(addProduct(linesOf(addProduct([], product(1, "1000.00"))), product(2, "800.00")));
    expect(cart.map((l) => l.quotedPrice)).toEqual(["1000.00", "800.00"]);
    expect(
      repricedLines(
        cart,
        new Map([
          [1, product(1, "1000.00")],
          [2, product(2, "800.00")],
        ]),
      ),
    ).toEqual(new Map());

    const raised = product(1, "1250.00");
    const repriced = repricedLines(
      cart,
      new Map([
        [1, raised],
        [2, product(2, "800.00")],
      ]),
    );
    expect(repriced).toEqual(new Map([[1, 100_000]]));
    expect(repricedLineText(repriced.get(1)!, raised)).toBe(
      "Precio actualizado: antes $\u00a01.000, ahora $\u00a01.250",
    );
  });

  it("leaves freezer lines, which cost nothing, and lines with no quoted price unmarked", () => {
    const freezer = linesOf(addProduct([], product(1, "1000.00"), { quantity: 5, type: "KG" }));
    expect(freezer[0]!.quotedPrice).toBeUndefined();
    const unquoted: CartLine = {
      productId: 2,
      productName: "P2",
      units: "1",
      type: "KG",
      virtual_freezer: false,
      vfLimit: null,
    };
    expect(
      repricedLines(
        [...freezer, unquoted],
        new Map([
          [1, product(1, "2000.00")],
          [2, product(2, "2000.00")],
        ]),
      ),
    ).toEqual(new Map());
  });
});
