import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedPlacements, columnsOf, moveCard } from "@domain/dispatch";
import { pickList, preparationLines } from "@domain/pick-list";
import { batchPickList } from "@domain/preparation-view";
import { boardCard } from "../helpers/board-card";

const board = () =>
  columnsOf([
    { orderId: 10, courier: 0, position: 0 },
    { orderId: 11, courier: 0, position: 1 },
    { orderId: 12, courier: 1, position: 0 },
  ]);

describe("dispatch columns", () => {
  it("orders a column by position, then order id", () => {
    const columns = columnsOf([
      { orderId: 5, courier: 2, position: 1 },
      { orderId: 9, courier: 2, position: 0 },
      { orderId: 3, courier: 2, position: 1 },
    ]);
    expect(columns.get(2)).toEqual([9, 3, 5]);
    expect(columns.get(0)).toEqual([]);
  });

  it("moves a card in front of another or last", () => {
    expect(moveCard(board(), 10, 1, 12).get(1)).toEqual([10, 12]);
    expect(moveCard(board(), 10, 1, null).get(1)).toEqual([12, 10]);
    expect(moveCard(board(), 10, 1, 999).get(1)).toEqual([12, 10]);
    expect(moveCard(board(), 11, 0, 10).get(0)).toEqual([11, 10]);
  });

  it("keeps every order in exactly one column whatever the moves", () => {
    const move = fc.record({
      order: fc.constantFrom(10, 11, 12),
      courier: fc.integer({ min: 0, max: 3 }),
      before: fc.option(fc.constantFrom(10, 11, 12)),
    });
    fc.assert(
      fc.property(fc.array(move, { maxLength: 20 }), (moves) => {
        let columns = board();
        for (const m of moves) columns = moveCard(columns, m.order, m.courier, m.before === m.order ? null : m.before);
        expect([...columns.values()].flat().sort()).toEqual([10, 11, 12]);
      }),
    );
  });

  it("writes only the placements that changed, against what is stored", () => {
    const stored = [
      { orderId: 1, courier: 1, position: 3 },
      { orderId: 2, courier: 1, position: 5 },
    ];
    const after = moveCard(columnsOf(stored), 7, 1, null);
    // Order 1 keeps index 0 but is stored at 3: rewritten so the stored board reads back the same.
    expect(changedPlacements(stored, after)).toEqual([
      { orderId: 1, courier: 1, position: 0 },
      { orderId: 2, courier: 1, position: 1 },
      { orderId: 7, courier: 1, position: 2 },
    ]);
    expect(columnsOf(changedPlacements(stored, after)).get(1)).toEqual([1, 2, 7]);
  });
});

describe("the pick list", () => {
  it("sums each product across orders, kilos and units apart, promos as units", () => {
    expect(
      pickList([
        { productId: 1, productName: "Pollo", type: "KG", amount: "1.250" },
        { productId: 1, productName: "Pollo", type: "KG", amount: "0.750" },
        { productId: 1, productName: "Pollo", type: "UN", amount: "2" },
        { productId: 2, productName: "Combo Empanadas", type: "PROMO", amount: "1" },
        { productId: 2, productName: "Combo Empanadas", type: "PROMO", amount: "3.000" },
      ]),
    ).toEqual([
      { productId: 2, productName: "Combo Empanadas", type: "UN", amount: "4" },
      { productId: 1, productName: "Pollo", type: "KG", amount: "2.000" },
      { productId: 1, productName: "Pollo", type: "UN", amount: "2" },
    ]);
  });

  it("never loses a gram: the KG total equals the sum of the lines", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 1, maxLength: 30 }), (grams) => {
        const [line] = pickList(
          grams.map((g) => ({ productId: 1, productName: "P", type: "KG", amount: (g / 1000).toFixed(3) })),
        );
        expect(Math.round(Number(line!.amount) * 1000)).toBe(grams.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it("is the same summed from each order's card lines as from the raw lines, so a board can sum it", () => {
    const line = fc.record({
      productId: fc.integer({ min: 1, max: 6 }),
      type: fc.constantFrom("KG", "UN", "PROMO"),
      amount: fc.integer({ min: 1, max: 99_999 }).map((milli) => (milli / 1000).toFixed(3)),
    });
    fc.assert(
      fc.property(fc.array(fc.array(line, { maxLength: 6 }), { minLength: 1, maxLength: 4 }), (orders) => {
        const name = (id: number) => `Producto ${7 - id}`;
        const cards = orders.map((lines, i) => ({
          ...boardCard("2027-03-01", i + 1, 1),
          lines: preparationLines(lines),
        }));
        expect(batchPickList(cards, name)).toEqual(
          pickList(orders.flat().map((l) => ({ ...l, productName: name(l.productId) }))).map((l) => ({
            product_id: l.productId,
            product_name: l.productName,
            Type: l.type,
            Amount: l.amount,
          })),
        );
      }),
    );
  });
});
