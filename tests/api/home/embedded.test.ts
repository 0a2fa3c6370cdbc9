import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "../../../domain/calendar";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder } from "../../helpers/orders";

let t: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ embedded: true });
  seller = (await signIn(t, "Vendedor")).client;
});
afterAll(() => t.close());

// `npm start` runs on PGlite: the home figures and the last order read there as on Postgres.
describe("home figures and the last order in embedded mode (PGlite)", () => {
  it("answers the seller's figures, the 14 days and the client's last order", async () => {
    expect(t.runtime.database.kind).toBe("pglite");
    const { id: clientId } = await createClient(seller, { shipment: 1 });
    const product = (await createProduct(seller, { quantity: 10, price: 1234.56, unitWeight: 1 })).PK_Products;
    const placed = await placeOrder(seller, clientId, [{ productId: product, units: "1.5", type: "KG" }], { orderData: orderDetails({ date: todayInBuenosAires() }) });
    expect(placed.statusCode).toBe(200);

    // 1.5 kg × 1234.56 = 1851.84, and 1500.00 to ship.
    expect((await seller.get("/api/home/figures/")).json().figures).toMatchObject({ kind: "sales", orders_today: 1, sales_today: "3351.84" });
    expect((await seller.get("/api/home/sales/")).json().days.at(-1)).toEqual({ date: todayInBuenosAires(), orders: 1, sales: "3351.84" });
    const last = (await seller.get(`/api/orders/last/?client_id=${clientId}`)).json();
    expect(last).toMatchObject({ order_id: placed.json().order_id, products: [{ FK_Products: product, Type: "KG", Amount: "1.500" }] });
    const preparer = (await signIn(t, "Preparador")).client;
    expect((await preparer.get("/api/home/figures/")).json().figures).toMatchObject({ kind: "preparation", orders_to_prepare: 1, weight_to_prepare: "1.500" });
  });
});
