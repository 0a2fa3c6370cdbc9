import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DispatchBoard } from "@domain/contracts/dispatch";
import type { PreparationBoard } from "@domain/contracts/preparation";
import {
  OrderEventData,
  PreparationUpdatedData,
  RouteReadyData,
  AssignmentChangedData,
} from "@domain/contracts/event-data";
import type { AppEvent } from "@domain/contracts/events";
import { applyGroupBatches } from "@domain/live-preparation";
import type { OrderRow } from "@domain/contracts/orders";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { confirmOrder, freshDate } from "../../helpers/boards";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder } from "../../helpers/orders";
import { openSocket, type TestSocket } from "../../helpers/socket";

let t: TestApp;
let baseUrl: string;
let seller: ApiClient;
let admin: ApiClient;
let preparer: ApiClient;
let dispatcher: ApiClient;
const sockets: Record<"seller" | "admin" | "preparer" | "dispatcher", TestSocket> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const groups = { seller: "Vendedor", admin: "Admin", preparer: "Preparador", dispatcher: "Despachante" } as const;
  const apis = {} as Record<keyof typeof groups, ApiClient>;
  for (const [name, group] of Object.entries(groups) as [keyof typeof groups, (typeof groups)[keyof typeof groups]][]) {
    const signed = await signIn(t, group);
    apis[name] = signed.client;
    sockets[name] = await openSocket(baseUrl, { token: signed.access, preparation_date: null });
    await sockets[name].waitFor((m) => m.type === "ready");
  }
  ({ seller, admin, preparer, dispatcher } = apis);
});
afterAll(async () => {
  Object.values(sockets).forEach((s) => {
    s.close();
  });
  await t.close();
});

const eventOn = async (socket: TestSocket, match: (e: AppEvent) => boolean) => {
  const message = await socket.waitFor((m) => m.type === "event" && match(m.event));
  return (message as { event: AppEvent }).event;
};
const orderEvent = async (socket: TestSocket, type: string, orderId: number, statusId?: number) =>
  OrderEventData.parse(
    (
      await eventOn(
        socket,
        (e) =>
          e.type === type && e.data.order_id === orderId && (statusId === undefined || e.data.status_id === statusId),
      )
    ).data,
  );
const listRow = async (api: ApiClient, orderId: number) =>
  ((await api.get(`/api/orders/?search=${orderId}`)).json().results as OrderRow[]).find((r) => r.PK_Orders === orderId);
const dispatchBoard = async (date: string) =>
  (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json() as DispatchBoard;

describe("order events carry the order's row and card, as the screens read them", () => {
  it("on creating, modifying and each status change", async () => {
    const date = freshDate();
    const id = await confirmOrder(seller, { date });
    const created = await orderEvent(sockets.seller, "order.created", id);
    expect(created.row).toEqual(await listRow(seller, id));
    expect(created.row).toMatchObject({ FK_OrderStatus__Name: "Confirmado", Alter_Date: null });
    expect(created.card).toMatchObject({
      PK_Orders: id,
      Delivery_Date: date,
      FK_OrderStatus__PK_OrderStatus: 1,
      FK_Shipments__Name: "Zona Centro",
    });

    const { id: clientId } = await createClient(seller);
    const product = (await createProduct(seller, { quantity: 100 })).PK_Products;
    const other = (
      await placeOrder(seller, clientId, [{ productId: product, units: "2", type: "KG" }], {
        orderData: orderDetails({ date }),
      })
    ).json().order_id as number;
    const changed = await placeOrder(seller, clientId, [{ productId: product, units: "3", type: "KG" }], {
      orderData: orderDetails({ date, address: "Calle Nueva 742" }),
      order_id: other,
    });
    expect(changed.statusCode).toBe(200);
    const modified = await orderEvent(sockets.seller, "order.modified", other);
    expect(modified.row).toEqual(await listRow(seller, other));
    expect(modified.row.Alter_Date).not.toBeNull();
    expect(modified.card).toMatchObject({ Address: "Calle Nueva 742", total_weight: "3.000" });

    expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    const prepared = await orderEvent(sockets.dispatcher, "order.status_changed", id, 6);
    expect(prepared.row).toEqual(await listRow(dispatcher, id));
    const { courier, position, version, ...card } = (await dispatchBoard(date)).cards.find((c) => c.PK_Orders === id)!;
    expect([courier, position, version]).toEqual([0, expect.any(Number), 0]);
    expect(prepared.card).toEqual(card);
  });

  it("never shows a Vendedor a Cancelado row; Admin's sockets get it", async () => {
    const date = freshDate();
    const id = await confirmOrder(seller, { date });
    expect((await admin.post("/api/orders/cancel/", { order_id: id })).statusCode).toBe(200);
    const cancelled = await orderEvent(sockets.admin, "order.cancelled", id);
    expect(cancelled.row).toMatchObject({
      PK_Orders: id,
      FK_OrderStatus__Name: "Cancelado",
      FK_OrderStatus__PK_OrderStatus: 2,
    });
    // A later event reaches the seller: everything before it has been delivered (one order per socket).
    const later = await confirmOrder(seller, { date });
    await orderEvent(sockets.seller, "order.created", later);
    const seen = sockets.seller.events().filter((e) => e.type.startsWith("order."));
    expect(
      seen.some(
        (e) =>
          e.type === "order.cancelled" || (e.data.row as OrderRow | undefined)?.FK_OrderStatus__PK_OrderStatus === 2,
      ),
    ).toBe(false);
  });
});

describe("board events carry the cards and batches they change", () => {
  it("a drop carries the dragged card where it landed; a sent route its cards, now Enviado", async () => {
    const date = freshDate();
    const id = await confirmOrder(seller, { date });
    expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    expect((await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 2, version: 0 })).statusCode).toBe(
      200,
    );
    const moved = AssignmentChangedData.parse(
      (await eventOn(sockets.dispatcher, (e) => e.type === "dispatch.assignment_changed" && e.data.order_id === id))
        .data,
    );
    expect(moved.card).toEqual((await dispatchBoard(date)).cards.find((c) => c.PK_Orders === id));
    expect(moved.card).toMatchObject({ courier: 2, position: 0, version: 1 });

    const courier = await signIn(t, "Cadete");
    expect((await dispatcher.post("/api/dispatch/couriers/", { column: 2, user_id: courier.id })).statusCode).toBe(200);
    expect((await dispatcher.post("/api/dispatch/send-route/", { courier: 2, order_ids: [id] })).statusCode).toBe(200);
    const sent = RouteReadyData.parse(
      (
        await eventOn(
          sockets.dispatcher,
          (e) => e.type === "dispatch.route_ready" && (e.data.order_ids as number[]).includes(id),
        )
      ).data,
    );
    expect(sent.cards).toEqual((await dispatchBoard(date)).sent);
    expect(sent.cards[0]).toMatchObject({ PK_Orders: id, FK_OrderStatus__Name: "Enviado" });
    // Route events stay with the dispatchers.
    expect(sockets.seller.events().some((e) => e.type.startsWith("dispatch."))).toBe(false);
  });

  it("preparation.updated carries a new group's batches by their orders and each new order's card once: an empty board following it equals the board", async () => {
    const date = freshDate();
    const ids = [
      await confirmOrder(seller, { date }),
      await confirmOrder(seller, { date, latitude: -34.6, longitude: -58.4 }),
    ];
    const ofDate = () =>
      sockets.preparer.events().filter((e) => e.type === "preparation.updated" && e.data.delivery_date === date);
    // The two orders may fall in one sweep or two; a sweep may also batch an order whose event
    // it has not folded in yet, and the next sweep sends that order's card.
    await eventOn(sockets.preparer, () => {
      const events = ofDate();
      const cards = events.flatMap((e) => PreparationUpdatedData.parse(e.data).cards.map((c) => c.PK_Orders));
      return events.some((e) => e.data.orders === ids.length) && ids.every((id) => cards.includes(id));
    });
    const deltas = ofDate().map((e) => PreparationUpdatedData.parse(e.data));
    const board = (await preparer.get(`/api/preparation/?delivery_date=${date}`)).json() as PreparationBoard;
    const empty: PreparationBoard = { summary: { suggested_groups: 0, orders_covered: 0 }, batches: [] };
    expect(deltas.reduce((b, delta) => applyGroupBatches(b, date, delta), empty)).toEqual(board);
    expect(deltas.flatMap((d) => d.cards.map((c) => c.PK_Orders)).sort()).toEqual([...ids].sort());
    expect(deltas.at(-1)!.changed.flat().sort()).toEqual([...ids].sort());
    // The pick list is the board's to sum from the cards' lines, whose products the event names.
    expect(board.batches.flatMap((b) => b.pick_list).length).toBeGreaterThan(0);
    expect(Object.keys(deltas.at(-1)!.products).length).toBeGreaterThan(0);
    expect(sockets.seller.events().some((e) => e.type === "preparation.updated")).toBe(false);
  });
});

describe("product writes that change stock announce the new quantity", () => {
  it("a product update with a new quantity emits product.stock_changed; one without a change does not", async () => {
    const product = await createProduct(seller, { name: "Empanadas de carne congeladas", quantity: 12 });
    const body = {
      name: product.Name,
      quantity: 9.5,
      price: 1000,
      unitWeight: 0.5,
      isWeighted: true,
      isFeaturedProduct: false,
      principalProductId: 0,
    };
    expect((await seller.post(`/api/products/update/${product.PK_Products}/`, body)).statusCode).toBe(200);
    const event = await eventOn(
      sockets.preparer,
      (e) => e.type === "product.stock_changed" && e.data.product_id === product.PK_Products,
    );
    expect(event.data).toMatchObject({ quantity: "9.500", name: product.Name });

    expect(
      (await seller.post(`/api/products/update/${product.PK_Products}/`, { ...body, price: 1200 })).statusCode,
    ).toBe(200);
    expect(
      (await seller.request("PATCH", `/api/product/${product.PK_Products}/update/`, { Quantity: "4" })).statusCode,
    ).toBe(200);
    await eventOn(
      sockets.preparer,
      (e) =>
        e.type === "product.stock_changed" && e.data.product_id === product.PK_Products && e.data.quantity === "4.000",
    );
    const announced = sockets.preparer
      .events()
      .filter((e) => e.type === "product.stock_changed" && e.data.product_id === product.PK_Products);
    expect(announced.map((e) => e.data.quantity)).toEqual(["9.500", "4.000"]);
  });
});
