import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderPayload, placeOrder, stockOf } from "../../helpers/orders";

const { postgresUrl, missing } = inject("services");
const reason = postgresUrl ? "" : `(needs real concurrency: ${missing.postgres})`;
let t: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
});
afterAll(() => t.close());

describe.skipIf(!!reason)(`stock under concurrency on Postgres ${reason}`, () => {
  it("100 simultaneous orders for stock that fits 10: exactly 10 succeed and stock ends at 0", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 10, unitWeight: 1 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        placeOrder(seller, clientId, [{ productId: product.PK_Products, units: 1, type: "KG" }]),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    expect(await stockOf(seller, product.PK_Products)).toBe("0.000");
  });

  it("20 simultaneous freezer orders for a balance that fits 3: exactly 3 succeed, the rest get the freezer's 409", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 5, unitWeight: 1 });
    await seller.post("/api/save_virtual_freezer/", {
      clientId,
      has_virtual_freezer: true,
      items: [{ productId: product.PK_Products, units: 3, type: "KG" }],
    });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(seller, clientId, [{ productId: product.PK_Products, units: 1, type: "KG", virtual_freezer: true }]),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(17);
    // Checked while pricing, or in the write when another order took the balance meanwhile: the same answer.
    for (const r of refused) expect(r.json().detail).toMatch(/Freezer Virtual/);
    expect(refused.some((r) => r.json().product_id === product.PK_Products)).toBe(true);
    // The balance is spent: the freezer lists nothing left to take.
    const freezer = (await seller.get(`/api/clients/${clientId}/virtual-freezer/`)).json().cart.items as {
      Quantity: string;
    }[];
    expect(freezer.filter((item) => Number(item.Quantity) > 0)).toEqual([]);
    expect(await stockOf(seller, product.PK_Products)).toBe("5.000");
  });

  it("modifications and cancellations racing keep stock = initial − what live orders hold", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 100, unitWeight: 1 });
    const line = (units: number) => [{ productId: product.PK_Products, units, type: "KG" as const }];
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await placeOrder(seller, clientId, line(2))).json().order_id);
    await Promise.all(
      ids.flatMap((id, i) => [
        seller.post("/api/order/", orderPayload(clientId, line(1 + (i % 4)), { order_id: id })),
        i % 2 === 0
          ? seller.post("/api/orders/cancel/", { order_id: id })
          : seller.post("/api/order/", orderPayload(clientId, line(5), { order_id: id })),
      ]),
    );
    let held = 0;
    for (const id of ids) {
      const detail = (await seller.get(`/api/orders/${id}/`)).json();
      if (detail.status === "Confirmado")
        held += detail.products.reduce((sum: number, p: { Weight: string }) => sum + Number(p.Weight), 0);
      else expect((await seller.get(`/api/orders/${id}/`)).statusCode).toBe(404);
    }
    expect(Number(await stockOf(seller, product.PK_Products))).toBeCloseTo(100 - held, 3);
  });
});
