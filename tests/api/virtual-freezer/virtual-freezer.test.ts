import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";

let t: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
});
afterAll(() => t.close());

describe("virtual freezer", () => {
  it("saves items with KG decimals and whole UN units, and reads them back with the catalogue", async () => {
    const { id } = await createClient(seller, { name: "Freezer Uno Cliente" });
    const milanesas = await createProduct(seller, { name: "Milanesas freezer" });
    const pizzas = await createProduct(seller, { name: "Pizzas freezer" });
    const saved = await seller.post("/api/save_virtual_freezer/", {
      clientId: id,
      has_virtual_freezer: true,
      items: [
        { productId: milanesas.PK_Products, units: "2,125", type: "KG" },
        { productId: pizzas.PK_Products, units: 3, type: "UN" },
      ],
    });
    expect(saved.json()).toEqual({ success: true, message: "Freezer virtual guardado con éxito." });
    const freezer = (await seller.get(`/api/clients/${id}/virtual-freezer/`)).json();
    expect(freezer.client).toEqual({ PK_Clients: id, Name: "Freezer Uno Cliente" });
    expect(freezer.has_virtual_freezer).toBe(true);
    expect(freezer.cart.items).toEqual([
      { PK_Products: milanesas.PK_Products, Name: "Milanesas freezer", Quantity: "2.125", Type: "KG" },
      { PK_Products: pizzas.PK_Products, Name: "Pizzas freezer", Quantity: "3.000", Type: "UN" },
    ]);
    expect(freezer.products.length).toBeGreaterThan(1);
    expect((await seller.get(`/api/get_client/${id}/`)).json().category).toBe("Freezer Virtual");
  });

  it("refuses bad quantities with a message and changes nothing", async () => {
    const { id } = await createClient(seller);
    const product = await createProduct(seller);
    await seller.post("/api/save_virtual_freezer/", {
      clientId: id,
      has_virtual_freezer: true,
      items: [{ productId: product.PK_Products, units: 1, type: "KG" }],
    });
    for (const [units, type, message] of [
      ["1,2345", "KG", "La cantidad en KG admite hasta tres decimales."],
      ["mucho", "KG", "Ingresá una cantidad válida."],
    ] as const) {
      const response = await seller.post("/api/save_virtual_freezer/", {
        clientId: id,
        has_virtual_freezer: true,
        items: [
          { productId: product.PK_Products, units: 5, type: "KG" },
          { productId: product.PK_Products + 0, units, type },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(message);
    }
    const unknown = await seller.post("/api/save_virtual_freezer/", {
      clientId: id,
      has_virtual_freezer: true,
      items: [{ productId: 999999, units: 1, type: "KG" }],
    });
    expect(unknown.statusCode).toBe(400);
    const items = (await seller.get(`/api/clients/${id}/virtual-freezer/`)).json().cart.items;
    expect(items.map((i: { Quantity: string }) => i.Quantity)).toEqual(["1.000"]);
  });

  it("rounds UN quantities to whole units (SPEC.md §4) rather than refusing them", async () => {
    const { id } = await createClient(seller);
    const product = await createProduct(seller);
    const saved = await seller.post("/api/save_virtual_freezer/", {
      clientId: id,
      has_virtual_freezer: true,
      items: [{ productId: product.PK_Products, units: "1,5", type: "UN" }],
    });
    expect(saved.statusCode).toBe(200);
    const items = (await seller.get(`/api/clients/${id}/virtual-freezer/`)).json().cart.items;
    expect(items.map((i: { Quantity: string; Type: string }) => [i.Quantity, i.Type])).toEqual([["2.000", "UN"]]);
  });

  it("refuses UN for a product without a unit weight (SPEC.md §5) and keeps the freezer as it was", async () => {
    const { id } = await createClient(seller);
    const loose = await createProduct(seller, { name: "Hielo suelto freezer", unitWeight: 0 });
    const refused = await seller.post("/api/save_virtual_freezer/", {
      clientId: id,
      has_virtual_freezer: true,
      items: [{ productId: loose.PK_Products, units: 2, type: "UN" }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe("Este producto no puede venderse por unidad.");
    expect((await seller.get(`/api/clients/${id}/virtual-freezer/`)).json().cart.items).toEqual([]);
    const asKg = await seller.post("/api/save_virtual_freezer/", {
      clientId: id,
      has_virtual_freezer: true,
      items: [{ productId: loose.PK_Products, units: 2, type: "KG" }],
    });
    expect(asKg.statusCode).toBe(200);
  });

  it("saves the off state and keeps the balance for when it is switched back on", async () => {
    const { id } = await createClient(seller);
    const product = await createProduct(seller);
    await seller.post("/api/save_virtual_freezer/", {
      clientId: id,
      has_virtual_freezer: true,
      items: [{ productId: product.PK_Products, units: 4, type: "UN" }],
    });
    const off = await seller.post("/api/save_virtual_freezer/", { clientId: id, has_virtual_freezer: false });
    expect(off.statusCode).toBe(200);
    const freezer = (await seller.get(`/api/clients/${id}/virtual-freezer/`)).json();
    expect(freezer.has_virtual_freezer).toBe(false);
    expect(freezer.cart.items).toHaveLength(1);
    expect((await seller.get(`/api/get_client/${id}/`)).json().category).toBe("Normal");
  });

  it("answers 404 for an unknown client", async () => {
    expect((await seller.get("/api/clients/999999/virtual-freezer/")).statusCode).toBe(404);
    expect(
      (await seller.post("/api/save_virtual_freezer/", { clientId: 999999, has_virtual_freezer: false })).statusCode,
    ).toBe(404);
  });
});
