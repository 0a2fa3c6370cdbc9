import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COURIER_MESSAGES, type CourierColumns } from "@domain/contracts/courier";
import { courierStops } from "../../../drizzle/schema";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { confirmOrder, freshDate } from "../../helpers/boards";
import { signIn } from "../../helpers/factories";
import { openSocket, type TestSocket } from "../../helpers/socket";

let t: TestApp;
let seller: ApiClient;
let preparer: ApiClient;
let dispatcher: ApiClient;
let admin: ApiClient;
let courierA: Awaited<ReturnType<typeof signIn>>;
let courierB: Awaited<ReturnType<typeof signIn>>;
let courierSocket: TestSocket;

beforeAll(async () => {
  t = await createTestApp();
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  seller = (await signIn(t, "Vendedor")).client;
  preparer = (await signIn(t, "Preparador")).client;
  dispatcher = (await signIn(t, "Despachante")).client;
  admin = (await signIn(t, "Admin")).client;
  courierA = await signIn(t, "Cadete");
  courierB = await signIn(t, "Cadete");
  courierSocket = await openSocket(baseUrl, { token: courierA.access });
  await courierSocket.waitFor((m) => m.type === "ready");
  expect((await dispatcher.post("/api/dispatch/couriers/", { column: 1, user_id: courierA.id })).statusCode).toBe(200);
  expect((await dispatcher.post("/api/dispatch/couriers/", { column: 2, user_id: courierB.id })).statusCode).toBe(200);
});
afterAll(async () => {
  courierSocket.close();
  await t.close();
});

/** An order sent to column 1 (courier A) on a fresh date; its id. */
async function sentOrder(column = 1) {
  const date = freshDate();
  const id = await confirmOrder(seller, { date });
  expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
  const cards = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json().cards as {
    PK_Orders: number;
    version: number;
  }[];
  const version = cards.find((c) => c.PK_Orders === id)!.version;
  expect((await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: column, version })).statusCode).toBe(
    200,
  );
  expect((await dispatcher.post("/api/dispatch/send-route/", { courier: column, order_ids: [id] })).statusCode).toBe(
    200,
  );
  return { id, date };
}

const statusOf = async (id: number) => (await admin.get(`/api/orders/${id}/`)).json().status as string;
const historyOf = async (id: number) =>
  ((await admin.get(`/api/orders/${id}/`)).json().history as { type: string }[]).map((h) => h.type);
/** Moves the stop's mark back in time, as if it had been made `minutes` ago. */
const markedAgo = (orderId: number, minutes: number) =>
  t.runtime.database.db
    .update(courierStops)
    .set({ closedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(courierStops.orderId, orderId));

describe("undoing a courier's Entregado / No entregado", () => {
  it("the courier undoes their own Entregado within 5 minutes: the stop is pending, the order Enviado, the history keeps both", async () => {
    const { id, date } = await sentOrder();
    expect((await courierA.client.post("/api/courier/delivered/", { order_id: id })).statusCode).toBe(200);
    expect(await statusOf(id)).toBe("Entregado");
    await markedAgo(id, 4.5);
    const undone = await courierA.client.post("/api/courier/undo/", { order_id: id });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe(COURIER_MESSAGES.undone);
    expect(await statusOf(id)).toBe("Enviado");
    const route = (await courierA.client.get(`/api/courier/route/?delivery_date=${date}`)).json();
    expect(
      route.stops.map((s: { state: string; amount_received: string | null }) => [s.state, s.amount_received]),
    ).toEqual([["pendiente", null]]);
    expect(route.cash.received).toBe("0.00");
    // The mark (Enviado → Entregado and the stop's event), then its undo (Entregado → Enviado and its own event).
    expect((await historyOf(id)).slice(-4)).toEqual([
      "order.status_changed",
      "dispatch.stop_updated",
      "order.status_changed",
      "dispatch.stop_undone",
    ]);
    await courierSocket.waitFor(
      (m) =>
        m.type === "event" &&
        m.event.type === "courier.stops_changed" &&
        (m.event.data.user_ids as number[]).includes(courierA.id) &&
        m.event.data.delivery_date === date,
    );
    // Pending again, it can be marked again.
    expect((await courierA.client.post("/api/courier/delivered/", { order_id: id })).statusCode).toBe(200);
  });

  it("after 5 minutes the courier is refused and the office may still undo it that day", async () => {
    const { id } = await sentOrder();
    expect((await courierA.client.post("/api/courier/delivered/", { order_id: id })).statusCode).toBe(200);
    await markedAgo(id, 5.5);
    const late = await courierA.client.post("/api/courier/undo/", { order_id: id });
    expect([late.statusCode, late.json().detail]).toEqual([409, COURIER_MESSAGES.undoWindow]);
    expect(await statusOf(id)).toBe("Entregado");
    expect((await dispatcher.post("/api/dispatch/undo/", { order_id: id })).statusCode).toBe(200);
    expect(await statusOf(id)).toBe("Enviado");
  });

  it("another courier is refused, and so is a courier undoing a mark the office made", async () => {
    const { id } = await sentOrder();
    expect((await courierA.client.post("/api/courier/delivered/", { order_id: id })).statusCode).toBe(200);
    const other = await courierB.client.post("/api/courier/undo/", { order_id: id });
    expect([other.statusCode, other.json().detail]).toEqual([403, COURIER_MESSAGES.notYourStop]);

    const { id: byOffice } = await sentOrder();
    expect((await dispatcher.post("/api/dispatch/delivered/", { order_id: byOffice })).statusCode).toBe(200);
    const notMine = await courierA.client.post("/api/courier/undo/", { order_id: byOffice });
    expect([notMine.statusCode, notMine.json().detail]).toEqual([403, COURIER_MESSAGES.undoNotYours]);
    expect(await statusOf(byOffice)).toBe("Entregado");
  });

  it("the office cannot undo a mark of another day", async () => {
    const { id } = await sentOrder();
    expect((await courierA.client.post("/api/courier/delivered/", { order_id: id })).statusCode).toBe(200);
    await markedAgo(id, 26 * 60);
    for (const client of [dispatcher, admin]) {
      const refused = await client.post("/api/dispatch/undo/", { order_id: id });
      expect([refused.statusCode, refused.json().detail]).toEqual([409, COURIER_MESSAGES.undoOtherDay]);
    }
    expect(await statusOf(id)).toBe("Entregado");
  });

  it("an undone No entregado leaves Sin asignar and is back under its courier as pending", async () => {
    const { id, date } = await sentOrder();
    const failed = await courierA.client.post("/api/courier/not-delivered/", { order_id: id, reason: "Ausente" });
    expect(failed.statusCode).toBe(200);
    expect(
      (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`))
        .json()
        .cards.map((c: { PK_Orders: number }) => c.PK_Orders),
    ).toEqual([id]);
    expect((await courierA.client.post("/api/courier/undo/", { order_id: id })).statusCode).toBe(200);
    const board = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json();
    expect([board.cards, board.sent.map((c: { PK_Orders: number }) => c.PK_Orders)]).toEqual([[], [id]]);
    const columns = (await dispatcher.get(`/api/dispatch/couriers/?delivery_date=${date}`)).json() as CourierColumns;
    expect(columns.couriers[0]!.stops.map((s) => [s.order_id, s.state, s.reason])).toEqual([[id, "pendiente", null]]);
  });

  it("nothing to undo, an order re-sent after No entregado, bad input: clear 4xx, never 500", async () => {
    const { id: resent, date } = await sentOrder();
    expect(
      (await courierA.client.post("/api/courier/not-delivered/", { order_id: resent, reason: "Ausente" })).statusCode,
    ).toBe(200);
    const version = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json().cards[0].version;
    await dispatcher.post("/api/dispatch/assign/", { order_id: resent, courier: 2, version });
    expect((await dispatcher.post("/api/dispatch/send-route/", { courier: 2, order_ids: [resent] })).statusCode).toBe(
      200,
    );
    // Its latest sending is pending: the earlier No entregado is history, no longer undone.
    const again = await dispatcher.post("/api/dispatch/undo/", { order_id: resent });
    expect([again.statusCode, again.json().detail]).toEqual([409, COURIER_MESSAGES.nothingToUndo]);
    expect(await statusOf(resent)).toBe("Enviado");

    const { id } = await sentOrder();
    const pending = await courierA.client.post("/api/courier/undo/", { order_id: id });
    expect([pending.statusCode, pending.json().detail]).toEqual([409, COURIER_MESSAGES.nothingToUndo]);
    expect((await dispatcher.post("/api/dispatch/undo/", { order_id: 99_999_999 })).statusCode).toBe(409);
    expect((await dispatcher.post("/api/dispatch/undo/", { order_id: "x" })).statusCode).toBe(400);
    expect((await seller.post("/api/dispatch/undo/", { order_id: id })).statusCode).toBe(403);
    expect((await dispatcher.post("/api/courier/undo/", { order_id: id })).statusCode).toBe(403);
  });
});
