import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";

let t: TestApp;
let seller: ApiClient;
let sellerToken: string;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const session = await signIn(t, "Vendedor");
  seller = session.client;
  sellerToken = session.access;
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>) {
  const response = await seller.post("/api/products/create/", {
    quantity: 10,
    price: 1000,
    unitWeight: 1,
    isWeighted: true,
    ...body,
  });
  expect(response.statusCode).toBe(200);
  return response.json().product as { PK_Products: number; Name: string; Quantity: string };
}

describe("products and promotions", () => {
  it("creates with a trimmed name and a decimal comma, and reads it back", async () => {
    const product = await create({
      name: "  Milanesas de pollo  ",
      quantity: "12,5",
      price: "8900,50",
      unitWeight: "0,25",
    });
    expect(product).toMatchObject({
      Name: "Milanesas de pollo",
      Quantity: "12.500",
      Id_Principal_Product: 0,
      is_promotion: false,
    });
    const details = (await seller.get(`/api/products/${product.PK_Products}/details/`)).json();
    expect(details).toMatchObject({ Price: "8900.50", Unit_Weight: "0.250", UnitWeight: "0.250", If_Weight: true });
  });

  it("refuses negative stock, a blank name and an unknown principal, saving nothing", async () => {
    const negative = await seller.post("/api/products/create/", {
      name: "Producto Negativo",
      quantity: -1,
      price: 10,
      unitWeight: 1,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors.quantity).toMatch(/cantidad válida/);
    const blank = await seller.post("/api/products/create/", { name: "   ", quantity: 1, price: 10, unitWeight: 1 });
    expect(blank.json().errors.name).toBe("El nombre es obligatorio.");
    const orphan = await seller.post("/api/products/create/", {
      name: "Huérfano",
      quantity: 1,
      price: 10,
      unitWeight: 1,
      principalProductId: 99999,
    });
    expect(orphan.statusCode).toBe(400);
    expect((await seller.get("/api/products/?search=huerfano")).json().results).toEqual([]);
  });

  it("searches ignoring accents and filters featured, out of stock, main and secondary", async () => {
    const main = await create({ name: "Ñoquis de papa caseros", quantity: 0 });
    const secondary = await create({ name: "Ñoquis caja grande", principalProductId: main.PK_Products });
    await seller.post(`/api/products/update/${secondary.PK_Products}/`, {
      name: "Ñoquis caja grande",
      quantity: 5,
      price: 900,
      unitWeight: 5,
      isWeighted: true,
      isFeaturedProduct: true,
      principalProductId: main.PK_Products,
    });
    const names = async (query: string) =>
      (await seller.get(`/api/products/?${query}`)).json().results.map((p: { Name: string }) => p.Name);
    expect(await names("search=noquis")).toEqual(["Ñoquis caja grande", "Ñoquis de papa caseros"]);
    expect(await names("search=noquis&filter=sin_stock")).toEqual(["Ñoquis de papa caseros"]);
    expect(await names("search=noquis&filter=destacados")).toEqual(["Ñoquis caja grande"]);
    expect(await names("search=noquis&filter=principales")).toEqual(["Ñoquis de papa caseros"]);
    expect(await names("search=noquis&filter=secundarios")).toEqual(["Ñoquis caja grande"]);
    const mains = (await seller.get("/api/main_products/")).json().map((p: { Name: string }) => p.Name);
    expect(mains).toContain("Ñoquis de papa caseros");
    expect(mains).not.toContain("Ñoquis caja grande");
    const all = (await seller.get("/api/main_products/?include_all=true")).json().map((p: { Name: string }) => p.Name);
    expect(all).toContain("Ñoquis caja grande");
  });

  it("edits a promotion of up to 4 existing products and refuses unknown ones", async () => {
    const a = await create({ name: "Papas bastón promo" });
    const b = await create({ name: "Hamburguesas promo" });
    const promo = await create({ name: "PROMO Combo" });
    const ok = await seller.post(`/api/products/update/${promo.PK_Products}/`, {
      name: "PROMO Combo",
      promotions: `${a.PK_Products}-${b.PK_Products}`,
      quantity: 20,
      price: 12000,
      unitWeight: 1.5,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().product).toMatchObject({
      Promotions: `${a.PK_Products}-${b.PK_Products}-0-0`,
      is_promotion: true,
    });
    const unknown = await seller.post(`/api/products/update/${promo.PK_Products}/`, {
      name: "PROMO Combo",
      promotions: "999999",
      quantity: 1,
      price: 1,
      unitWeight: 1,
    });
    expect(unknown.statusCode).toBe(400);
    const tooMany = await seller.post(`/api/products/update/${promo.PK_Products}/`, {
      name: "PROMO Combo",
      promotions: "1-2-3-4-5",
      quantity: 1,
      price: 1,
      unitWeight: 1,
    });
    expect(tooMany.json().detail).toBe("Una promoción puede tener hasta 4 productos.");
    expect((await seller.get(`/api/products/${promo.PK_Products}/details/`)).json().Promotions).toBe(
      `${a.PK_Products}-${b.PK_Products}-0-0`,
    );
  });

  it("updates stock with PATCH, refuses invalid values, and tells every screen live", async () => {
    const { openSocket } = await import("../../helpers/socket");
    const product = await create({ name: "Helado de limón" });
    const socket = await openSocket(baseUrl, { token: sellerToken, last_event_id: 0 });
    await socket.waitFor((m) => m.type === "ready");
    const patched = await seller.request("PATCH", `/api/product/${product.PK_Products}/update/`, { Quantity: "7,25" });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      message: "Stock actualizado correctamente.",
      product: { Quantity: "7.250" },
    });
    const event = await socket.waitFor((m) => m.type === "event" && m.event.type === "product.stock_changed");
    expect(event).toMatchObject({ event: { data: { product_id: product.PK_Products, quantity: "7.250" } } });
    for (const bad of [-1, "abc", null]) {
      const response = await seller.request("PATCH", `/api/product/${product.PK_Products}/update/`, { Quantity: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe("Ingrese un valor de stock valido.");
    }
    socket.close();
  });

  it("tells every screen a new price or name with the product's row, and a stock change alone only as stock", async () => {
    const { openSocket } = await import("../../helpers/socket");
    const product = await create({ name: "Empanadas de carne" });
    const socket = await openSocket(baseUrl, { token: sellerToken, last_event_id: 0 });
    await socket.waitFor((m) => m.type === "ready");
    const updatesOf = () =>
      socket
        .events()
        .filter(
          (e) =>
            e.type === "product.updated" &&
            (e.data.product as { PK_Products: number }).PK_Products === product.PK_Products,
        );

    expect(
      (await seller.request("PATCH", `/api/product/${product.PK_Products}/update/`, { Quantity: 8 })).statusCode,
    ).toBe(200);
    await socket.waitFor(
      (m) =>
        m.type === "event" &&
        m.event.type === "product.stock_changed" &&
        m.event.data.product_id === product.PK_Products,
    );
    const edited = await seller.post(`/api/products/update/${product.PK_Products}/`, {
      name: "Empanadas de carne x12",
      quantity: 8,
      price: "1250,50",
      unitWeight: 1,
      isWeighted: true,
      isFeaturedProduct: false,
      principalProductId: 0,
    });
    expect(edited.statusCode).toBe(200);
    const event = await socket.waitFor((m) => m.type === "event" && m.event.type === "product.updated");
    expect(event).toMatchObject({
      event: {
        data: {
          product: {
            PK_Products: product.PK_Products,
            Name: "Empanadas de carne x12",
            Price: "1250.50",
            Quantity: "8.000",
          },
        },
      },
    });
    expect(updatesOf()).toHaveLength(1);
    // Saving the same values again announces nothing.
    expect(
      (
        await seller.post(`/api/products/update/${product.PK_Products}/`, {
          name: "Empanadas de carne x12",
          quantity: 8,
          price: "1250,50",
          unitWeight: 1,
          isWeighted: true,
          isFeaturedProduct: false,
          principalProductId: 0,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await seller.request("PATCH", `/api/product/${product.PK_Products}/update/`, { Quantity: 6 })).statusCode,
    ).toBe(200);
    await socket.waitFor(
      (m) => m.type === "event" && m.event.type === "product.stock_changed" && m.event.data.quantity === "6.000",
    );
    expect(updatesOf()).toHaveLength(1);
    socket.close();
  });

  it("deletes a product: gone from lists, 404 afterwards, and every screen told", async () => {
    const { openSocket } = await import("../../helpers/socket");
    const product = await create({ name: "Producto descatalogado" });
    const socket = await openSocket(baseUrl, { token: sellerToken, last_event_id: 0 });
    await socket.waitFor((m) => m.type === "ready");
    expect((await seller.post(`/api/products/delete/${product.PK_Products}/`)).statusCode).toBe(200);
    await socket.waitFor(
      (m) =>
        m.type === "event" && m.event.type === "product.deleted" && m.event.data.product_id === product.PK_Products,
    );
    socket.close();
    expect((await seller.post(`/api/products/delete/${product.PK_Products}/`)).statusCode).toBe(404);
    expect((await seller.get("/api/products/?search=descatalogado")).json().results).toEqual([]);
    expect((await seller.get(`/api/products/${product.PK_Products}/details/`)).statusCode).toBe(404);
  });
  it("keeps whether a product needs weighing and its tolerance (issue 41): default off and 10 %, kept when an update leaves them out", async () => {
    const plain = await create({ name: "Pollo Sin Pesar" });
    expect(plain).toMatchObject({ Requires_Weighing: false, Weight_Tolerance_Pct: "10.00" });
    const weighed = await create({ name: "Pollo Entero Caja", requiresWeighing: true, weightTolerancePct: "2,5" });
    expect(weighed).toMatchObject({ Requires_Weighing: true, Weight_Tolerance_Pct: "2.50" });
    const id = weighed.PK_Products;
    const base = { name: "Pollo Entero Caja", quantity: 10, price: 1000, unitWeight: 10, isWeighted: true };
    expect((await seller.post(`/api/products/update/${id}/`, base)).statusCode).toBe(200);
    expect((await seller.get(`/api/products/${id}/details/`)).json()).toMatchObject({
      Requires_Weighing: true,
      Weight_Tolerance_Pct: "2.50",
    });
    const off = await seller.post(`/api/products/update/${id}/`, {
      ...base,
      requiresWeighing: false,
      weightTolerancePct: 0,
    });
    expect(off.json().product).toMatchObject({ Requires_Weighing: false, Weight_Tolerance_Pct: "0.00" });
    for (const weightTolerancePct of [-1, 100.5, "1,234", "mucho"]) {
      const refused = await seller.post(`/api/products/update/${id}/`, { ...base, weightTolerancePct });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.weightTolerancePct).toBe(
        "Ingresá una tolerancia de peso entre 0 y 100 %, con hasta 2 decimales.",
      );
    }
    expect((await seller.get(`/api/products/${id}/details/`)).json().Weight_Tolerance_Pct).toBe("0.00");
  });
});
