import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../helpers/app";
import { createClient, createProduct } from "../helpers/catalog";
import { signIn } from "../helpers/factories";
import { orderDetails, placeOrder } from "../helpers/orders";

let t: TestApp;
let seller: ApiClient;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
  admin = (await signIn(t, "Admin")).client;
});
afterAll(() => t.close());

const BEYOND = 99_999_999_999;

describe("ids beyond what the database can hold", () => {
  it("answer 400 or 404 with a Spanish message when taking, changing or finding orders", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 10 });
    const line = [{ productId: product.PK_Products, units: 1, type: "KG" as const }];
    const answers = [
      await placeOrder(seller, clientId, [{ productId: BEYOND, units: 1, type: "KG" }]),
      await placeOrder(seller, BEYOND, line),
      await seller.post("/api/order/", {
        client_id: clientId,
        order_id: BEYOND,
        cart: { items: line },
        orderData: null,
      }),
      await seller.post("/api/orders/cancel/", { order_id: BEYOND }),
      await seller.get(`/api/orders/${BEYOND}/`),
      await seller.get(`/api/orders/?filter=status&status_id=${BEYOND}`),
    ];
    for (const answer of answers) {
      expect([400, 404]).toContain(answer.statusCode);
      expect(answer.json().detail).toMatch(/[a-záéíóúñ]/i);
    }
  });

  it.each([
    ["beyond the integer range", BEYOND],
    ["in range but of no row", 999_999],
  ])("never answer 500 on any route for ids %s, in the path, the query or the body", async (_, id) => {
    const product = await createProduct(seller, { quantity: 10 });
    const ids = [
      "id",
      "user_id",
      "order_id",
      "client_id",
      "clientId",
      "productId",
      "product_id",
      "zone_id",
      "group_id",
      "before_order_id",
      "status_id",
    ];
    const body = {
      ...Object.fromEntries(ids.map((name) => [name, id])),
      // Otherwise valid payloads, so the unknown id is what the route meets.
      items: [{ productId: id, units: 1, type: "KG" }],
      cart: { items: [{ productId: product.PK_Products, units: 1, type: "KG" }] },
      orderData: orderDetails(),
      has_virtual_freezer: true,
    };
    const query = new URLSearchParams(Object.fromEntries(ids.map((name) => [name, String(id)]))).toString();
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      // Logging out would end the Admin session the sweep runs on (hostile-input sweeps it alone).
      if (route.url === "/api/logout/") continue;
      const url = `${route.url.replace(/:[^/]+/g, String(id))}${route.method === "GET" ? `?${query}` : ""}`;
      const response = await admin.request(route.method as "GET", url, route.method === "GET" ? undefined : body);
      if (response.statusCode === 500) failures.push(`${route.method} ${url.split("?")[0]} → 500`);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ["beyond the integer range", BEYOND],
    ["in range but of no row", 999_999],
  ])("answer 4xx for ids %s inside lists, references and ranges", async (_, id) => {
    const { id: clientId } = await createClient(admin);
    const product = await createProduct(admin, { quantity: 10 });
    const calls: ["GET" | "POST", string, unknown][] = [
      ["POST", `/api/save_claim_product/${clientId}/`, { claimType: 3, claimValue: "Llegó roto", product: id }],
      [
        "POST",
        "/api/products/create/",
        { name: "Producto", quantity: 1, price: 1, unitWeight: 1, principalProductId: id },
      ],
      [
        "POST",
        `/api/products/update/${product.PK_Products}/`,
        { name: "Producto", quantity: 1, price: 1, unitWeight: 1, principalProductId: id },
      ],
      [
        "POST",
        `/api/products/update/${product.PK_Products}/`,
        { name: "Promo", quantity: 1, price: 1, unitWeight: 1, promotions: `${id}-1` },
      ],
      [
        "POST",
        "/api/save_virtual_freezer/",
        { clientId, has_virtual_freezer: true, items: [{ productId: id, units: 1, type: "KG" }] },
      ],
      ["POST", "/api/update-shipping-cost/", { zone_id: id, price: 100 }],
      ["POST", "/api/dispatch/send-route/", { order_ids: [id], courier: 1 }],
      ["GET", `/api/dispatch/route/?order_ids=${id}`, undefined],
      ["POST", "/api/dispatch/assign/", { order_id: id, courier: 1, before_order_id: id, version: 0 }],
      ["POST", "/api/exports/", { sql_table: "Orders", type_archive: "csv", start_id: id, end_id: id }],
    ];
    const failures: string[] = [];
    for (const [method, url, body] of calls) {
      const response = await admin.request(method, url, body);
      if (response.statusCode >= 500) failures.push(`${method} ${url} → ${response.statusCode} ${response.body}`);
      else if (response.statusCode >= 400 && !/[a-záéíóúñ]/i.test(response.json().detail))
        failures.push(`${method} ${url} → no message`);
    }
    expect(failures).toEqual([]);
  });
});
