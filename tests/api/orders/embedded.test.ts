import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, orderPayload, placeOrder, stockOf } from "../../helpers/orders";

let t: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ embedded: true });
  seller = (await signIn(t, "Vendedor")).client;
});
afterAll(() => t.close());

// `npm start` runs on PGlite: the order functions must behave there exactly as on Postgres.
describe("orders in embedded mode (PGlite)", () => {
  it("takes, refuses, modifies and cancels orders with stock and freezer exact", async () => {
    expect(t.runtime.database.kind).toBe("pglite");
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 10, price: 1000, unitWeight: 1 });
    await seller.post("/api/save_virtual_freezer/", {
      clientId,
      has_virtual_freezer: true,
      items: [{ productId: product.PK_Products, units: 2, type: "KG" }],
    });
    const lines = [
      { productId: product.PK_Products, units: "3,5", type: "KG" as const },
      { productId: product.PK_Products, units: 1, type: "KG" as const, virtual_freezer: true },
    ];
    const taken = await placeOrder(seller, clientId, lines, {}, "clave-embebida-1");
    expect(taken.statusCode).toBe(200);
    const orderId = taken.json().order_id;
    expect((await placeOrder(seller, clientId, lines, {}, "clave-embebida-1")).json().order_id).toBe(orderId);
    expect(await stockOf(seller, product.PK_Products)).toBe("6.500");

    const refused = await placeOrder(seller, clientId, [{ productId: product.PK_Products, units: 7, type: "KG" }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: "No cuenta con el stock necesario para este producto.",
      product_id: product.PK_Products,
    });
    expect(await stockOf(seller, product.PK_Products)).toBe("6.500");

    const modified = await seller.post(
      "/api/order/",
      orderPayload(clientId, [{ productId: product.PK_Products, units: 5, type: "KG" }], { order_id: orderId }),
    );
    expect(modified.statusCode).toBe(200);
    expect(await stockOf(seller, product.PK_Products)).toBe("5.000");
    const freezer = (await seller.get(`/api/clients/${clientId}/virtual-freezer/`)).json().cart.items;
    expect(freezer[0].Quantity).toBe("2.000");

    expect((await seller.post("/api/orders/cancel/", { order_id: orderId })).statusCode).toBe(200);
    expect(await stockOf(seller, product.PK_Products)).toBe("10.000");
    const history = (await t.runtime.database.db.query.orderEvents.findMany())
      .filter((e) => e.orderId === orderId)
      .map((e) => e.type);
    expect(history).toEqual(["order.created", "order.modified", "order.cancelled"]);
  });
});

// `npm start` runs on PGlite: the home figures and the last order read there as on Postgres.
describe("home figures and the last order in embedded mode (PGlite)", () => {
  it("answers the seller's figures, the 14 days and the client's last order", async () => {
    expect(t.runtime.database.kind).toBe("pglite");
    const { id: clientId } = await createClient(seller, { shipment: 1 });
    const product = (await createProduct(seller, { quantity: 10, price: 1234.56, unitWeight: 1 })).PK_Products;
    const placed = await placeOrder(seller, clientId, [{ productId: product, units: "1.5", type: "KG" }], {
      orderData: orderDetails({ date: todayInBuenosAires() }),
    });
    expect(placed.statusCode).toBe(200);

    // 1.5 kg × 1234.56 = 1851.84, and 1500.00 to ship.
    expect((await seller.get("/api/home/figures/")).json().figures).toMatchObject({
      kind: "sales",
      orders_today: 1,
      sales_today: "3351.84",
    });
    expect((await seller.get("/api/home/sales/")).json().days.at(-1)).toEqual({
      date: todayInBuenosAires(),
      orders: 1,
      sales: "3351.84",
    });
    const last = (await seller.get(`/api/orders/last/?client_id=${clientId}`)).json();
    expect(last).toMatchObject({
      order_id: placed.json().order_id,
      products: [{ FK_Products: product, Type: "KG", Amount: "1.500" }],
    });
    const preparer = (await signIn(t, "Preparador")).client;
    expect((await preparer.get("/api/home/figures/")).json().figures).toMatchObject({
      kind: "preparation",
      orders_to_prepare: 1,
      weight_to_prepare: "1.500",
    });
  });
});
