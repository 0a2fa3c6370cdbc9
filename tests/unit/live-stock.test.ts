import { describe, expect, it } from "vitest";
import { shortLines, shortLineText } from "@domain/cart-stock";
import type { CartLine, CatalogProduct } from "@domain/cart";
import type { Product } from "@domain/contracts/products";
import { productRemovalOf, productUpdateOf, stockChangeOf, withLowStock, withProductChange } from "@domain/live-stock";

const row = (id: number, Name: string, Quantity: string) => ({ PK_Products: id, Name, Quantity });
const product = (id: number, Quantity: string, over: Partial<CatalogProduct> = {}): CatalogProduct => ({
  PK_Products: id,
  Name: `P${id}`,
  Quantity,
  Price: "1000.00",
  Unit_Weight: "0.500",
  If_Weight: true,
  Promotions: "0",
  ...over,
});
const line = (productId: number, units: string, over: Partial<CartLine> = {}): CartLine => ({
  productId,
  productName: `P${productId}`,
  units,
  type: "KG",
  virtual_freezer: false,
  vfLimit: null,
  ...over,
});

describe("live stock (DESIGN.md §6)", () => {
  it("reads a stock_changed event's data, and refuses what is not one", () => {
    expect(stockChangeOf({ product_id: 7, quantity: "17.500", name: "Merluza" })).toEqual({
      productId: 7,
      quantity: "17.500",
    });
    expect(stockChangeOf({ product_id: 7, quantity: 3 })).toEqual({ productId: 7, quantity: "3" });
    expect(stockChangeOf({ product_id: "x", quantity: "1" })).toBeNull();
    expect(stockChangeOf({ product_id: 7, quantity: "abc" })).toBeNull();
    expect(stockChangeOf({ product_id: 7 })).toBeNull();
  });

  it("rewrites only the product's quantity, and keeps the same rows when it is not listed", () => {
    const rows = [row(1, "A", "5"), row(2, "B", "9")];
    expect(withProductChange(rows, { productId: 2, quantity: "4.5" })).toEqual([row(1, "A", "5"), row(2, "B", "4.5")]);
    expect(withProductChange(rows, { productId: 3, quantity: "1" })).toBe(rows);
  });

  it("keeps the low-stock panel under 3 kg and by name: leaving, staying, entering known or unknown", () => {
    const rows = [row(1, "Arvejas", "1"), row(3, "Choclo", "2")];
    expect(withLowStock(rows, { productId: 1, quantity: "3" })).toEqual([row(3, "Choclo", "2")]);
    expect(withLowStock(rows, { productId: 3, quantity: "2.999" })).toEqual([
      row(1, "Arvejas", "1"),
      row(3, "Choclo", "2.999"),
    ]);
    expect(withLowStock(rows, { productId: 2, quantity: "0.5" }, row(2, "Brócoli", "8"))).toEqual([
      row(1, "Arvejas", "1"),
      row(2, "Brócoli", "0.5"),
      row(3, "Choclo", "2"),
    ]);
    expect(withLowStock(rows, { productId: 2, quantity: "0.5" })).toBeNull();
    expect(withLowStock(rows, { productId: 2, quantity: "12" })).toBe(rows);
  });

  it("reads a product.updated event's row, which replaces the listed one and moves a renamed product to its place by name", () => {
    const listed = (id: number, Name: string, Quantity: string, Price = "1000.00"): Product => ({
      PK_Products: id,
      Name,
      Quantity,
      Price,
      Unit_Weight: "1.000",
      UnitWeight: "1.000",
      If_Weight: true,
      Featured_Product: false,
      Id_Principal_Product: 0,
      Promotions: null,
      is_promotion: false,
      Requires_Weighing: false,
      Weight_Tolerance_Pct: "10.00",
    });
    const raised = listed(3, "Choclo", "2", "1250.50");
    expect(productUpdateOf({ product: raised })).toEqual({ productId: 3, quantity: "2", row: raised });
    expect(productUpdateOf({ product: { PK_Products: 3 } })).toBeNull();
    expect(productUpdateOf({ product_id: 3, quantity: "2" })).toBeNull();

    const rows = [listed(1, "Arvejas", "1"), listed(3, "Choclo", "2")];
    expect(withProductChange(rows, productUpdateOf({ product: raised })!)).toEqual([listed(1, "Arvejas", "1"), raised]);
    const renamed = listed(3, "Acelga", "2");
    expect(withLowStock(rows, productUpdateOf({ product: renamed })!)).toEqual([renamed, listed(1, "Arvejas", "1")]);
    // Its row comes with the event: a product under 3 kg enters without asking the server.
    const entering = listed(2, "Brócoli", "0.5");
    expect(withLowStock(rows, productUpdateOf({ product: entering })!)).toEqual([
      listed(1, "Arvejas", "1"),
      entering,
      listed(3, "Choclo", "2"),
    ]);
  });

  it("takes a product off sale out of every list, the low-stock panel included", () => {
    const removal = productRemovalOf({ product_id: 3 })!;
    expect(removal).toEqual({ productId: 3, quantity: "0", removed: true });
    expect(productRemovalOf({ product_id: "3" })).toBeNull();
    const rows = [row(1, "Arvejas", "1"), row(3, "Choclo", "2")];
    expect(withProductChange(rows, removal)).toEqual([row(1, "Arvejas", "1")]);
    expect(withProductChange(rows, productRemovalOf({ product_id: 9 })!)).toBe(rows);
    expect(withLowStock(rows, removal)).toEqual([row(1, "Arvejas", "1")]);
    // Off sale at 0 kg is not low stock: a product the panel did not list stays out, with no request.
    expect(withLowStock(rows, productRemovalOf({ product_id: 9 })!)).toBe(rows);
  });

  it("marks the cart lines the stock no longer covers, with the stock there is for them", () => {
    const catalog = new Map([
      [1, product(1, "7")],
      [2, product(2, "1")],
      [3, product(3, "0")],
    ]);
    const cart = [line(1, "10"), line(2, "2", { type: "UN" }), line(3, "4", { virtual_freezer: true, vfLimit: 5 })];
    // 10 kg over 7 kg; 2 units × 0.5 kg = 1 kg fits 1 kg; freezer lines take no stock.
    expect([...shortLines(cart, catalog)]).toEqual([[1, 7000]]);
    expect(shortLines([line(1, "7")], catalog).size).toBe(0);
  });

  it("counts what a modified order already holds of the product, as the server gives it back first", () => {
    const catalog = new Map([[1, product(1, "2")]]);
    expect(shortLines([line(1, "5")], catalog, [line(1, "4")]).size).toBe(0);
    expect([...shortLines([line(1, "7")], catalog, [line(1, "4")])]).toEqual([[1, 6000]]);
    // What the old order took from the freezer is not stock.
    expect([...shortLines([line(1, "5")], catalog, [line(1, "4", { virtual_freezer: true })])]).toEqual([[1, 2000]]);
  });
});

describe("the short line's mark", () => {
  it("says how much stock there is, in kg as the wizard writes it", () => {
    expect(shortLineText(7000)).toBe("Stock insuficiente: quedan 7 kg");
    expect(shortLineText(2250)).toBe("Stock insuficiente: quedan 2,25 kg");
  });
});
