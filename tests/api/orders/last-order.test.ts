import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_MESSAGES } from "@domain/contracts/orders";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { placeOrder } from "../../helpers/orders";

let t: TestApp;
let ana: ApiClient;
let beto: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  ana = (await signIn(t, "Vendedor")).client;
  beto = (await signIn(t, "Vendedor")).client;
});
afterAll(() => t.close());

const lastOf = (client: ApiClient, clientId: number | string) => client.get(`/api/orders/last/?client_id=${clientId}`);

describe("GET /api/orders/last/ ('Repetir último pedido')", () => {
  it("answers the client's newest non-cancelled order with its lines as ordered, whoever took it", async () => {
    const { id: clientId } = await createClient(ana);
    const kg = (await createProduct(ana, { quantity: 100 })).PK_Products;
    const un = (await createProduct(ana, { quantity: 100, unitWeight: 0.5 })).PK_Products;
    await placeOrder(ana, clientId, [{ productId: kg, units: 1, type: "KG" }]);
    const taken = (
      await placeOrder(beto, clientId, [
        { productId: kg, units: "2.5", type: "KG" },
        { productId: un, units: 3, type: "UN" },
      ])
    ).json().order_id;
    const cancelled = (await placeOrder(ana, clientId, [{ productId: kg, units: 9, type: "KG" }])).json().order_id;
    expect((await ana.post("/api/orders/cancel/", { order_id: cancelled })).statusCode).toBe(200);

    const response = await lastOf(ana, clientId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      order_id: taken,
      products: [
        { FK_Products: kg, Type: "KG", Amount: "2.500", Virtual_Freezer: false },
        { FK_Products: un, Type: "UN", Amount: "3.000", Virtual_Freezer: false },
      ],
    });
  });

  it("the client's detail names that order, or null without one, so the wizard offers 'Repetir' only then", async () => {
    const { id: clientId } = await createClient(ana);
    const detail = () => ana.get(`/api/get_client/${clientId}/`).then((r) => r.json().last_order_id);
    expect(await detail()).toBeNull();
    const kg = (await createProduct(ana, { quantity: 100 })).PK_Products;
    const first = (await placeOrder(ana, clientId, [{ productId: kg, units: 1, type: "KG" }])).json().order_id;
    expect(await detail()).toBe(first);
    const second = (await placeOrder(beto, clientId, [{ productId: kg, units: 2, type: "KG" }])).json().order_id;
    expect(await detail()).toBe(second);
    expect((await beto.post("/api/orders/cancel/", { order_id: second })).statusCode).toBe(200);
    expect(await detail()).toBe(first);
  });

  it("says so when the client has no order, refuses bad ids with a 400 and other groups with a 403", async () => {
    const { id: clientId } = await createClient(ana);
    const none = await lastOf(ana, clientId);
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe(ORDER_MESSAGES.noLastOrder);
    const bad = await lastOf(ana, "abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/Cliente inválido/);
    const preparer = (await signIn(t, "Preparador")).client;
    expect((await lastOf(preparer, clientId)).statusCode).toBe(403);
  });
});
