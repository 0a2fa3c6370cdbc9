import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderPayload, placeOrder } from "../../helpers/orders";

let t: TestApp;
let admin: ApiClient;
let adminId: number;
let ana: Awaited<ReturnType<typeof signIn>>;
let beto: Awaited<ReturnType<typeof signIn>>;

async function orderAt(seller: ApiClient, clientId: number, productId: number, kg: number, createdAt: string) {
  const id = (await placeOrder(seller, clientId, [{ productId, units: kg, type: "KG" }])).json().order_id as number;
  await t.runtime.database.db.execute(sql`update orders set create_date = ${createdAt}::timestamptz where id = ${id}`);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await signIn(t, "Admin");
  admin = adminUser.client;
  adminId = adminUser.id;
  ana = await signIn(t, "Vendedor");
  beto = await signIn(t, "Vendedor");
  const clientId = (await createClient(ana.client, { shipment: 1 })).id; // zone 1 costs 1500.00
  const product = (await createProduct(ana.client, { quantity: 1000, price: 1234.56, unitWeight: 1 })).PK_Products;
  // Ana, November 2026 (Buenos Aires days): 2 kg + 3 kg live, 10 kg cancelled, 1 kg modified to 4 kg.
  await orderAt(ana.client, clientId, product, 2, "2026-11-01T03:00:00Z"); // 00:00 on 1 Nov in Buenos Aires: inside
  await orderAt(ana.client, clientId, product, 3, "2026-11-30T23:00:00Z"); // 20:00 on 30 Nov: inside
  const cancelled = await orderAt(ana.client, clientId, product, 10, "2026-11-10T15:00:00Z");
  await ana.client.post("/api/orders/cancel/", { order_id: cancelled });
  const modified = await orderAt(ana.client, clientId, product, 1, "2026-11-15T15:00:00Z");
  await ana.client.post(
    "/api/order/",
    orderPayload(clientId, [{ productId: product, units: 4, type: "KG" }], { order_id: modified }),
  );
  await orderAt(ana.client, clientId, product, 7, "2026-11-01T02:59:00Z"); // 23:59 on 31 Oct: outside
  await orderAt(beto.client, clientId, product, 1, "2026-11-05T15:00:00Z");
});
afterAll(() => t.close());

const november = { start_date: "2026-11-01", end_date: "2026-11-30" };

describe("commissions", () => {
  it("computes a seller's commission to the centavo: 5 % of goods, shipping excluded, cancelled orders out", async () => {
    const result = (await admin.post("/api/commissions/", { ...november, seller_id: ana.id })).json();
    // Goods 9 kg × 1234.56 = 11111.04; with 3 × 1500 shipping = 15611.04; 5 % of 11111.04 = 555.552 → 555.55.
    expect(result).toMatchObject({
      commission: "555.55",
      total_seller_sales: "15611.04",
      rate: "0.05",
      seller_id: ana.id,
    });
    // Beto's order: 1234.56 + 1500 = 2734.56.
    expect(result.total_range_sales).toBe("18345.60");
    expect(result.most_expensive_orders.map((o: { final_price: string }) => o.final_price)).toEqual([
      "6438.24",
      "5203.68",
      "3969.12",
    ]);
  });

  it("offers an Admin every seller, the first Vendedor chosen rather than an Admin listed before them", async () => {
    // admin1_… sorts before vendedor2_…, and Admins are listed since they may take orders too.
    const setup = (await admin.get("/api/commissions/")).json();
    const ids = setup.sellers.map((s: { id: number }) => s.id);
    expect(ids).toContain(adminId);
    expect(ids.indexOf(adminId)).toBeLessThan(ids.indexOf(ana.id));
    expect(setup).toMatchObject({ is_admin: true, defaultSellerId: ana.id });
  });

  it("computes a Vendedor's own figures whatever seller_id they send", async () => {
    const own = (await beto.client.post("/api/commissions/", { ...november, seller_id: ana.id })).json();
    expect(own).toMatchObject({
      seller_id: beto.id,
      commission: "61.73",
      total_seller_sales: "2734.56",
      most_expensive_orders: [],
    });
    const setup = (await beto.client.get("/api/commissions/")).json();
    expect(setup).toMatchObject({ group: "Vendedor", is_admin: false, defaultSellerId: beto.id });
    expect(setup.sellers.map((s: { id: number }) => s.id)).toEqual([beto.id]);
  });

  it("answers SPEC.md's messages for missing dates or seller", async () => {
    expect(
      (await admin.post("/api/commissions/", { start_date: "", end_date: "2026-11-30", seller_id: ana.id })).json()
        .detail,
    ).toBe("Seleccioná una fecha de inicio y una fecha final.");
    expect((await admin.post("/api/commissions/", november)).json().detail).toBe("Seleccioná un vendedor.");
  });

  it("lets an Admin change the rate and whether shipping counts", async () => {
    expect(
      (await ana.client.post("/api/commissions/settings/", { rate: 10, includes_shipping: true })).statusCode,
    ).toBe(403);
    await admin.post("/api/commissions/settings/", { rate: 10, includes_shipping: true });
    const result = (await admin.post("/api/commissions/", { ...november, seller_id: ana.id })).json();
    expect(result).toMatchObject({ commission: "1561.10", rate: "0.1" });
    await admin.post("/api/commissions/settings/", { rate: 5, includes_shipping: false });
  });

  it("is refused to Preparador and Despachante", async () => {
    const preparer = (await signIn(t, "Preparador")).client;
    expect((await preparer.get("/api/commissions/")).statusCode).toBe(403);
  });
});

describe("shipping cost per zone", () => {
  it("updates a zone's price for new orders while confirmed orders keep theirs", async () => {
    const clientId = (await createClient(ana.client, { shipment: 3 })).id;
    const product = (await createProduct(ana.client, { quantity: 10 })).PK_Products;
    const first = (
      await placeOrder(ana.client, clientId, [{ productId: product, units: 1, type: "KG" }], {
        orderData: { ...orderPayload(clientId, []).orderData, zone: 3 },
      })
    ).json().order_id;
    const updated = await ana.client.post("/api/update-shipping-cost/", { zone_id: 3, price: "2750,50" });
    expect(updated.json()).toEqual({ success: true, message: "Costo de envío actualizado correctamente." });
    const zones = (await ana.client.get("/api/get-shipments-jwt/")).json();
    expect(zones.find((z: { PK_Shipments: number }) => z.PK_Shipments === 3).Price).toBe("2750.50");
    const second = (
      await placeOrder(ana.client, clientId, [{ productId: product, units: 1, type: "KG" }], {
        orderData: { ...orderPayload(clientId, []).orderData, zone: 3 },
      })
    ).json().order_id;
    expect((await ana.client.get(`/api/orders/${first}/`)).json().shipping_cost).toBe("2000.00");
    expect((await ana.client.get(`/api/orders/${second}/`)).json().shipping_cost).toBe("2750.50");
  });

  it("refuses a missing zone or price with SPEC.md's message", async () => {
    for (const body of [
      { zone_id: 3, price: "" },
      { price: 100 },
      { zone_id: 999, price: 100 },
      { zone_id: 3, price: -5 },
    ]) {
      const response = await ana.client.post("/api/update-shipping-cost/", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe("Seleccione una zona y un precio válido.");
    }
    const preparer = (await signIn(t, "Preparador")).client;
    expect((await preparer.post("/api/update-shipping-cost/", { zone_id: 3, price: 1 })).statusCode).toBe(403);
  });
});
