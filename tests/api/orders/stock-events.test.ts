import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEvent } from "@domain/contracts/events";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder, stockOf } from "../../helpers/orders";
import { openSocket, type TestSocket } from "../../helpers/socket";

let t: TestApp;
let seller: ApiClient;
let socket: TestSocket;
beforeAll(async () => {
  t = await createTestApp();
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const signed = await signIn(t, "Vendedor");
  seller = signed.client;
  socket = await openSocket(baseUrl, { token: signed.access });
  await socket.waitFor((m) => m.type === "ready");
});
afterAll(async () => {
  socket.close();
  await t.close();
});

/** The stock events that came just before the order event of `type` for `orderId`, as product → quantity. */
async function stockAnnouncedWith(type: string, orderId: number) {
  const orderEvent = await socket.waitFor(
    (m) => m.type === "event" && m.event.type === type && m.event.data.order_id === orderId,
  );
  const events = socket.events();
  const at = events.findIndex((e) => orderEvent.type === "event" && e.id === orderEvent.event.id);
  const before: AppEvent[] = [];
  for (let i = at - 1; i >= 0 && events[i]!.type === "product.stock_changed"; i--) before.unshift(events[i]!);
  return Object.fromEntries(before.map((e) => [e.data.product_id, e.data.quantity]));
}

describe("every order write that changes stock tells the screens the new quantity, in its transaction", () => {
  it("on confirming, modifying and cancelling an order", async () => {
    const { id: clientId } = await createClient(seller);
    const chicken = (await createProduct(seller, { quantity: 20 })).PK_Products;
    const burgers = (await createProduct(seller, { quantity: 10, isWeighted: false, unitWeight: 0.5 })).PK_Products;
    const lines = (kg: string, units: number) => [
      { productId: chicken, units: kg, type: "KG" as const },
      { productId: burgers, units, type: "UN" as const },
    ];

    const orderId = (await placeOrder(seller, clientId, lines("2.5", 4))).json().order_id as number;
    expect(await stockAnnouncedWith("order.created", orderId)).toEqual({ [chicken]: "17.500", [burgers]: "8.000" });

    const modified = await placeOrder(seller, clientId, lines("1", 4), {
      orderData: orderDetails(),
      order_id: orderId,
    });
    expect(modified.statusCode).toBe(200);
    // Only the chicken changed: the burgers' stock is not announced again.
    expect(await stockAnnouncedWith("order.modified", orderId)).toEqual({ [chicken]: "19.000" });

    expect((await seller.post("/api/orders/cancel/", { order_id: orderId })).statusCode).toBe(200);
    const cancelled = await t.runtime.database.db.query.orderEvents.findFirst({
      where: (e, { and, eq }) => and(eq(e.orderId, orderId), eq(e.type, "order.cancelled")),
    });
    expect(cancelled).toBeTruthy();
    expect([await stockOf(seller, chicken), await stockOf(seller, burgers)]).toEqual(["20.000", "10.000"]);
    // The seller does not see the cancelled order, but does see the stock it gave back.
    for (const [product, quantity] of [
      [chicken, "20.000"],
      [burgers, "10.000"],
    ] as const) {
      await socket.waitFor(
        (m) =>
          m.type === "event" &&
          m.event.type === "product.stock_changed" &&
          m.event.data.product_id === product &&
          m.event.data.quantity === quantity,
      );
    }
  });
});
