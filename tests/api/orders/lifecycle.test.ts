import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderPayload, placeOrder, stockOf } from "../../helpers/orders";

let t: TestApp;
let seller: ApiClient;
let admin: ApiClient;
let preparer: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
  admin = (await signIn(t, "Admin")).client;
  preparer = (await signIn(t, "Preparador")).client;
});
afterAll(() => t.close());

async function freshOrder(quantity = 10) {
  const { id: clientId } = await createClient(seller);
  const a = await createProduct(seller, { quantity, price: 1000, unitWeight: 1 });
  const b = await createProduct(seller, { quantity, price: 2000, unitWeight: 1 });
  const response = await placeOrder(seller, clientId, [
    { productId: a.PK_Products, units: 2, type: "KG" },
    { productId: b.PK_Products, units: 1, type: "KG" },
  ]);
  return { clientId, a: a.PK_Products, b: b.PK_Products, orderId: response.json().order_id as number };
}

describe("modifying, cancelling and moving orders", () => {
  it("modifies a confirmed order applying only the difference, and marks it modified", async () => {
    const { clientId, a, b, orderId } = await freshOrder();
    const c = (await createProduct(seller, { quantity: 10 })).PK_Products;
    const response = await seller.post(
      "/api/order/",
      orderPayload(
        clientId,
        [
          { productId: a, units: 5, type: "KG" },
          { productId: c, units: 1, type: "KG" },
        ],
        { order_id: orderId, old_cart: [{ productId: a, units: 2 }] },
      ),
    );
    expect(response.json()).toEqual({ success: true, order_id: orderId });
    expect([await stockOf(seller, a), await stockOf(seller, b), await stockOf(seller, c)]).toEqual([
      "5.000",
      "10.000",
      "9.000",
    ]);
    const detail = (await seller.get(`/api/orders/${orderId}/`)).json();
    expect(detail.alter_date).not.toBeNull();
    expect(detail.status).toBe("Confirmado");
    expect(detail.history.map((h: { type: string }) => h.type)).toEqual(["order.created", "order.modified"]);
  });

  it("a modification that does not fit changes nothing", async () => {
    const { clientId, a, orderId } = await freshOrder(3);
    const response = await seller.post(
      "/api/order/",
      orderPayload(clientId, [{ productId: a, units: 6, type: "KG" }], { order_id: orderId }),
    );
    expect(response.statusCode).toBe(409);
    expect(await stockOf(seller, a)).toBe("1.000");
    expect((await seller.get(`/api/orders/${orderId}/`)).json().products).toHaveLength(2);
  });

  it("cancels a confirmed order, returns its stock, cancels it again as a no-op, and refuses to modify it", async () => {
    const { clientId, a, b, orderId } = await freshOrder();
    const cancelled = await seller.post("/api/orders/cancel/", { order_id: orderId });
    expect(cancelled.json()).toEqual({ success: true, message: "Pedido cancelado correctamente." });
    expect([await stockOf(seller, a), await stockOf(seller, b)]).toEqual(["10.000", "10.000"]);
    // The seller no longer sees it (Cancelado is Admin's only); Admin's second cancel changes nothing.
    expect((await seller.post("/api/orders/cancel/", { order_id: orderId })).statusCode).toBe(404);
    expect((await admin.post("/api/orders/cancel/", { order_id: orderId })).statusCode).toBe(200);
    expect([await stockOf(seller, a), await stockOf(seller, b)]).toEqual(["10.000", "10.000"]);
    const modify = await admin.post(
      "/api/order/",
      orderPayload(clientId, [{ productId: a, units: 1, type: "KG" }], { order_id: orderId }),
    );
    expect(modify.statusCode).toBe(409);
    expect(modify.json().detail).toBe("Solo se puede modificar o cancelar un pedido Confirmado.");
  });

  it("hides cancelled orders from everyone but Admin", async () => {
    const { orderId } = await freshOrder();
    await seller.post("/api/orders/cancel/", { order_id: orderId });
    const sellerView = (await seller.get(`/api/orders/?search=${orderId}`)).json();
    expect(sellerView.results.map((r: { PK_Orders: number }) => r.PK_Orders)).not.toContain(orderId);
    expect(sellerView.statuses.map((s: { name: string }) => s.name)).not.toContain("Cancelado");
    expect((await seller.get(`/api/orders/${orderId}/`)).statusCode).toBe(404);
    const adminView = (await admin.get(`/api/orders/?search=${orderId}`)).json();
    expect(adminView.results.find((r: { PK_Orders: number }) => r.PK_Orders === orderId)).toMatchObject({
      FK_OrderStatus__Name: "Cancelado",
      Display_Class: "status-cancelado",
    });
    expect(adminView.statuses.map((s: { name: string }) => s.name)).toContain("Cancelado");
  });

  it("marks orders pending and prepared, refusing illegal transitions with 409", async () => {
    const { orderId } = await freshOrder();
    const pending = await preparer.post("/api/orders/pending/", { order_id: orderId });
    expect(pending.json().message).toBe(`Pedido #${orderId} marcado como pendiente.`);
    const prepared = await preparer.post("/api/orders/prepared/", { order_id: orderId });
    expect(prepared.json().message).toBe(`Pedido #${orderId} marcado como preparado.`);
    // An Armado order not yet sent goes back to Pendiente (issue 41), and is prepared again.
    expect((await preparer.post("/api/orders/pending/", { order_id: orderId })).statusCode).toBe(200);
    expect((await preparer.post("/api/orders/prepared/", { order_id: orderId })).statusCode).toBe(200);
    expect((await seller.post("/api/orders/cancel/", { order_id: orderId })).statusCode).toBe(409);
    expect((await seller.post("/api/orders/prepared/", { order_id: orderId })).statusCode).toBe(403);
    const items = (await preparer.get(`/api/orders/${orderId}/items/`)).json();
    expect(items.products).toHaveLength(2);
  });

  it("marking a Pendiente order Pendiente again succeeds without a new event", async () => {
    const { orderId } = await freshOrder();
    await preparer.post("/api/orders/pending/", { order_id: orderId });
    const before = (await admin.get(`/api/orders/${orderId}/`)).json().history;
    const again = await preparer.post("/api/orders/pending/", { order_id: orderId });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(`Pedido #${orderId} marcado como pendiente.`);
    const after = (await admin.get(`/api/orders/${orderId}/`)).json();
    expect(after.status).toBe("Pendiente");
    expect(after.history).toEqual(before);
  });

  it("lists with search, status and virtual-freezer filters, and gives the time slots and pay methods", async () => {
    const { id: clientId } = await createClient(seller, { name: "Filtrada Freezer Cliente" });
    const product = await createProduct(seller, { quantity: 10 });
    await seller.post("/api/save_virtual_freezer/", {
      clientId,
      has_virtual_freezer: true,
      items: [{ productId: product.PK_Products, units: 5, type: "KG" }],
    });
    const fv = (
      await placeOrder(seller, clientId, [
        { productId: product.PK_Products, units: 1, type: "KG", virtual_freezer: true },
      ])
    ).json().order_id;
    const byName = (await seller.get("/api/orders/?search=filtrada%20freezer")).json().results;
    expect(byName.map((r: { PK_Orders: number }) => r.PK_Orders)).toEqual([fv]);
    expect(byName[0]).toMatchObject({ Has_FV: true, FK_Clients__Name: "Filtrada Freezer Cliente", Alter_Date: null });
    const unmodified = (
      await seller.get("/api/orders/?filter=virtual_freezer&fv_status=unmodified&search=filtrada")
    ).json().results;
    expect(unmodified).toHaveLength(1);
    expect(
      (await seller.get("/api/orders/?filter=virtual_freezer&fv_status=modified&search=filtrada")).json().results,
    ).toHaveLength(0);
    const confirmed = (await seller.get("/api/orders/?filter=status&status_id=1&limit=500")).json().results;
    expect(
      confirmed.every((r: { FK_OrderStatus__PK_OrderStatus: number }) => r.FK_OrderStatus__PK_OrderStatus === 1),
    ).toBe(true);
    expect((await seller.get("/api/get_times_shipping/")).json()[0]).toEqual({
      PK_TimesShipping: 1,
      Name: "SELECCIONE",
    });
    expect((await seller.get("/api/get-pay-methods-jwt/")).json()[0]).toEqual({ PK_PayMethods: 1, Name: "Efectivo" });
  });
});

describe("modifying an order with freezer lines", () => {
  it("can keep or change the freezer lines it already holds", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 10 });
    await seller.post("/api/save_virtual_freezer/", {
      clientId,
      has_virtual_freezer: true,
      items: [{ productId: product.PK_Products, units: 3, type: "KG" }],
    });
    const line = (units: number) => [
      { productId: product.PK_Products, units, type: "KG" as const, virtual_freezer: true },
    ];
    const orderId = (await placeOrder(seller, clientId, line(2))).json().order_id;
    const same = await seller.post("/api/order/", orderPayload(clientId, line(2), { order_id: orderId }));
    expect(same.statusCode).toBe(200);
    const more = await seller.post("/api/order/", orderPayload(clientId, line(3), { order_id: orderId }));
    expect(more.statusCode).toBe(200);
    const tooMuch = await seller.post("/api/order/", orderPayload(clientId, line(4), { order_id: orderId }));
    expect(tooMuch.statusCode).toBe(409);
    const freezer = (await seller.get(`/api/clients/${clientId}/virtual-freezer/`)).json().cart.items;
    expect(freezer).toEqual([]);
    await seller.post("/api/orders/cancel/", { order_id: orderId });
    expect((await seller.get(`/api/clients/${clientId}/virtual-freezer/`)).json().cart.items[0].Quantity).toBe("3.000");
  });
});
