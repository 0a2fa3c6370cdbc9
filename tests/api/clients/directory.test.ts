import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientDirectory, directoryEntry } from "@domain/contracts/client-directory";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder } from "../../helpers/orders";

let t: TestApp;
let seller: ApiClient;
let other: ApiClient;
let preparer: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
  other = (await signIn(t, "Vendedor")).client;
  preparer = (await signIn(t, "Preparador")).client;
});
afterAll(() => t.close());

const directoryOf = async (api: ApiClient) => {
  const response = await api.get("/api/clients/directory/");
  expect(response.statusCode).toBe(200);
  return ClientDirectory.parse(response.json());
};

describe("the client directory kept on the phone", () => {
  it("lists every active client with its last order; the seller's recent clients bring that order's lines", async () => {
    const mine = await createClient(seller, {
      name: "Directorio Mío Uno",
      shipment: 3,
      latitude: -34.71,
      longitude: -58.27,
    });
    const theirs = await createClient(seller, { name: "Directorio Ajeno Dos" });
    const old = await createClient(seller, { name: "Directorio Viejo Tres" });
    const gone = await createClient(seller, { name: "Directorio Borrado Cuatro" });
    const product = await createProduct(seller, { quantity: 100 });
    const placed = await placeOrder(seller, mine.id, [{ productId: product.PK_Products, units: "2,5", type: "KG" }], {
      orderData: orderDetails({ time: { id: 3, text: "Mediodía" }, payment_method: { id: 3, name: "Mercado Pago" } }),
    });
    const mineOrder = placed.json().order_id as number;
    await placeOrder(other, theirs.id, [{ productId: product.PK_Products, units: 1, type: "KG" }]);
    const oldOrder = (
      await placeOrder(seller, old.id, [{ productId: product.PK_Products, units: 1, type: "KG" }])
    ).json().order_id as number;
    await t.runtime.database.db.execute(
      sql`update orders set create_date = now() - interval '91 days' where id = ${oldOrder}`,
    );
    expect((await seller.post(`/api/clients/${gone.id}/null_date/`, {})).statusCode).toBe(200);

    const directory = await directoryOf(seller);
    const byId = new Map(directory.clients.map((row) => [row[0], directoryEntry(row)]));
    expect(byId.get(mine.id)).toMatchObject({
      name: "Directorio Mío Uno",
      zone: 3,
      city: 2,
      latitude: -34.71,
      longitude: -58.27,
      virtualFreezer: false,
      lastOrderId: mineOrder,
    });
    expect(byId.get(mine.id)!.lastOrderDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byId.get(theirs.id)!.lastOrderId).not.toBeNull();
    expect(byId.get(old.id)!.lastOrderId).toBe(oldOrder);
    expect(byId.has(gone.id)).toBe(false);
    // Lines only for the clients this seller sold to in the last 90 days.
    expect(directory.orders[mine.id]).toEqual([mineOrder, 3, 3, [[product.PK_Products, "KG", "2.500", false]]]);
    expect(directory.orders[theirs.id]).toBeUndefined();
    expect(directory.orders[old.id]).toBeUndefined();
    expect((await directoryOf(other)).orders[theirs.id]).toBeDefined();
  });

  it("is for those who take orders: a preparer is refused", async () => {
    expect((await preparer.get("/api/clients/directory/")).statusCode).toBe(403);
  });
});
