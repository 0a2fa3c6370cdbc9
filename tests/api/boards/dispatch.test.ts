import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOARD_MESSAGES } from "@domain/contracts/boards";
import type { DispatchBoard } from "@domain/contracts/dispatch";
import { haversineMeters } from "@domain/routing";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { confirmOrder, freshDate } from "../../helpers/boards";
import { signIn } from "../../helpers/factories";
import { openSocket, type TestSocket } from "../../helpers/socket";

let t: TestApp;
let seller: ApiClient;
let preparer: ApiClient;
let dispatcher: ApiClient;
let otherDispatcher: ApiClient;
let socket: TestSocket;
let baseUrl: string;
let dispatcherToken: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  seller = (await signIn(t, "Vendedor")).client;
  preparer = (await signIn(t, "Preparador")).client;
  const signed = await signIn(t, "Despachante");
  dispatcher = signed.client;
  dispatcherToken = signed.access;
  otherDispatcher = (await signIn(t, "Admin")).client;
  socket = await openSocket(baseUrl, { token: signed.access });
  await socket.waitFor((m) => m.type === "ready");
});
afterAll(async () => {
  socket.close();
  await t.close();
});

async function preparedOrder(date: string, at?: { latitude: number; longitude: number }) {
  const id = await confirmOrder(seller, { date, ...at });
  expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
  return id;
}

const boardOf = async (date: string) =>
  (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json() as DispatchBoard;
const columnOf = (board: DispatchBoard, courier: number) =>
  board.cards
    .filter((c) => c.courier === courier)
    .sort((a, b) => a.position - b.position)
    .map((c) => c.PK_Orders);
/** Links a new Cadete user to the column: routes are sent only from linked columns. */
async function linkCourier(column: number) {
  const courier = await signIn(t, "Cadete");
  expect((await dispatcher.post("/api/dispatch/couriers/", { column, user_id: courier.id })).statusCode).toBe(200);
  return courier;
}

describe("the dispatch board", () => {
  it("lists Armado orders in Sin asignar, moves one to Cadete 1 and tells every board", async () => {
    const date = freshDate();
    const id = await preparedOrder(date);
    const board = await boardOf(date);
    expect(board.cards).toHaveLength(1);
    expect(board.cards[0]).toMatchObject({
      PK_Orders: id,
      courier: 0,
      version: 0,
      FK_OrderStatus__Name: "Armado",
      FK_Shipments__Name: "Zona Centro",
    });

    const moved = await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 1, version: 0 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ success: true, version: 1 });
    expect(columnOf(await boardOf(date), 1)).toEqual([id]);
    const event = await socket.waitFor(
      (m) => m.type === "event" && m.event.type === "dispatch.assignment_changed" && m.event.data.order_id === id,
    );
    expect(event).toMatchObject({ event: { data: { courier: 1, version: 1, delivery_date: date } } });
  });

  it("drops in front of a card and keeps the column's order on every read", async () => {
    const date = freshDate();
    const [a, b, c] = [await preparedOrder(date), await preparedOrder(date), await preparedOrder(date)];
    await dispatcher.post("/api/dispatch/assign/", { order_id: a, courier: 2, version: 0 });
    await dispatcher.post("/api/dispatch/assign/", { order_id: b, courier: 2, version: 0 });
    await dispatcher.post("/api/dispatch/assign/", { order_id: c, courier: 2, before_order_id: a, version: 0 });
    expect(columnOf(await boardOf(date), 2)).toEqual([c, a, b]);
    await dispatcher.post("/api/dispatch/assign/", { order_id: b, courier: 2, before_order_id: c, version: 1 });
    expect(columnOf(await boardOf(date), 2)).toEqual([b, c, a]);
  });

  it("two dispatchers dropping the same card at once: one wins, the other gets a 409 and both boards agree", async () => {
    const date = freshDate();
    const id = await preparedOrder(date);
    const [first, second] = await Promise.all([
      dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 1, version: 0 }),
      otherDispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 3, version: 0 }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().detail).toBe(BOARD_MESSAGES.staleAssignment);
    const winner = first.statusCode === 200 ? 1 : 3;
    const seenByOne = await boardOf(date);
    const seenByOther = (await otherDispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json() as DispatchBoard;
    expect(columnOf(seenByOne, winner)).toEqual([id]);
    expect(seenByOther.cards).toEqual(seenByOne.cards);
  });

  it("refuses a card that is no longer Armado and resets every assignment", async () => {
    const date = freshDate();
    const open = await confirmOrder(seller, { date });
    const refused = await dispatcher.post("/api/dispatch/assign/", { order_id: open, courier: 1, version: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(BOARD_MESSAGES.notPrepared(open));

    const id = await preparedOrder(date);
    await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 3, version: 0 });
    const reset = await dispatcher.post("/api/dispatch/reset/", {});
    expect(reset.json()).toMatchObject({ success: true, message: BOARD_MESSAGES.assignmentsReset });
    expect(columnOf(await boardOf(date), 0)).toContain(id);
    expect(columnOf(await boardOf(date), 3)).toEqual([]);
  });

  it("orders a route by the shortest open path from the depot and refuses more than 3 stops", async () => {
    const date = freshDate();
    const { lat, lng } = t.config.depot;
    const far = await preparedOrder(date, { latitude: lat - 0.03, longitude: lng });
    const near = await preparedOrder(date, { latitude: lat - 0.01, longitude: lng });
    const middle = await preparedOrder(date, { latitude: lat - 0.02, longitude: lng });
    const route = (await dispatcher.get(`/api/dispatch/route/?order_ids=${far},${near},${middle}`)).json();
    expect(route.stops.map((s: { order_id: number }) => s.order_id)).toEqual([near, middle, far]);
    expect(route.distance_m).toBe(Math.round(haversineMeters(t.config.depot, { lat: lat - 0.03, lng })));
    expect(route.maps_url).toContain("waypoints=");

    const extra = await preparedOrder(date);
    const tooMany = await dispatcher.get(`/api/dispatch/route/?order_ids=${far},${near},${middle},${extra}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(BOARD_MESSAGES.routeSize);
  });

  it("visits the Mañana orders before a nearer Tarde one, in the route and on the courier's phone", async () => {
    const date = freshDate();
    const { lat, lng } = t.config.depot;
    const prepared = async (time: number, latitude: number | null, longitude: number | null) => {
      // Only a pick-up order (zone 8) goes without coordinates.
      const id = await confirmOrder(seller, { date, time, latitude, longitude, zone: latitude === null ? 8 : 1 });
      expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
      return id;
    };
    const nearTarde = await prepared(4, lat - 0.005, lng);
    const farMañana = await prepared(2, lat - 0.03, lng + 0.02);
    const unlocatedMañana = await prepared(2, null, null);
    const route = (
      await dispatcher.get(`/api/dispatch/route/?order_ids=${nearTarde},${farMañana},${unlocatedMañana}`)
    ).json();
    expect(route.stops.map((s: { order_id: number }) => s.order_id)).toEqual([farMañana, nearTarde]);

    const courier = await linkCourier(2);
    for (const [i, id] of [nearTarde, farMañana, unlocatedMañana].entries()) {
      expect(
        (await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 2, version: 0 })).statusCode,
        `drop ${i}`,
      ).toBe(200);
    }
    expect(
      (
        await dispatcher.post("/api/dispatch/send-route/", {
          courier: 2,
          order_ids: [nearTarde, farMañana, unlocatedMañana],
        })
      ).statusCode,
    ).toBe(200);
    const stops = (await courier.client.get(`/api/courier/route/?delivery_date=${date}`)).json().stops as {
      order_id: number;
      time_slot: string;
    }[];
    expect(stops.map((s) => [s.order_id, s.time_slot])).toEqual([
      [farMañana, "Mañana"],
      [unlocatedMañana, "Mañana"],
      [nearTarde, "Tarde"],
    ]);
  });

  it("refuses a route from a column with no Cadete linked, and a column with pending stops left without one", async () => {
    const date = freshDate();
    const id = await preparedOrder(date);
    await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 3, version: 0 });
    const unlinked = await dispatcher.post("/api/dispatch/send-route/", { courier: 3, order_ids: [id] });
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json().detail).toBe(
      "Cadete 3 no tiene un cadete vinculado: elegí quién lleva la ruta antes de enviarla.",
    );
    // Nothing moved: the order is still Armado in Cadete 3.
    expect(columnOf(await boardOf(date), 3)).toEqual([id]);
    expect((await boardOf(date)).sent).toEqual([]);

    // A deactivated Cadete counts as nobody.
    const gone = await signIn(t, "Cadete");
    expect((await dispatcher.post("/api/dispatch/couriers/", { column: 3, user_id: gone.id })).statusCode).toBe(200);
    await t.runtime.database.db.execute(sql`update users set is_active = false where id = ${gone.id}`);
    expect((await dispatcher.post("/api/dispatch/send-route/", { courier: 3, order_ids: [id] })).statusCode).toBe(409);

    const courier = await signIn(t, "Cadete");
    expect((await dispatcher.post("/api/dispatch/couriers/", { column: 3, user_id: courier.id })).statusCode).toBe(200);
    expect((await dispatcher.post("/api/dispatch/send-route/", { courier: 3, order_ids: [id] })).statusCode).toBe(200);
    // The order's history reads the moves in words, from and to.
    const history = (await dispatcher.get(`/api/orders/${id}/`)).json().history as { type: string; title: string }[];
    expect(history.map((h) => h.title)).toEqual([
      "Pedido confirmado",
      "Confirmado → Armado",
      "Asignado a Cadete 3",
      "Armado → Enviado",
    ]);
    const cleared = await dispatcher.post("/api/dispatch/couriers/", { column: 3, user_id: null });
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json().detail).toBe(BOARD_MESSAGES.keepCourierLinked(3));
    expect((await courier.client.get(`/api/courier/route/?delivery_date=${date}`)).json().stops).toEqual([
      expect.objectContaining({ order_id: id, state: "pendiente" }),
    ]);
  });

  it("sends a courier's route: its orders become Enviado, leave the columns, and can be marked Entregado", async () => {
    const date = freshDate();
    const a = await preparedOrder(date);
    const b = await preparedOrder(date);
    await linkCourier(1);
    await dispatcher.post("/api/dispatch/assign/", { order_id: a, courier: 1, version: 0 });
    await dispatcher.post("/api/dispatch/assign/", { order_id: b, courier: 1, version: 0 });

    const notThere = await dispatcher.post("/api/dispatch/send-route/", { courier: 2, order_ids: [a] });
    expect(notThere.statusCode).toBe(409);

    const sent = await dispatcher.post("/api/dispatch/send-route/", { courier: 1, order_ids: [a, b] });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(BOARD_MESSAGES.routeSent);
    expect(decodeURIComponent(sent.json().whatsapp_url)).toContain("Ruta Cadete 1");
    const board = await boardOf(date);
    expect(board.cards).toEqual([]);
    expect(board.sent.map((o) => o.FK_OrderStatus__Name)).toEqual(["Enviado", "Enviado"]);
    await socket.waitFor(
      (m) =>
        m.type === "event" &&
        m.event.type === "dispatch.route_ready" &&
        (m.event.data.order_ids as number[]).includes(a),
    );

    const delivered = await dispatcher.post("/api/dispatch/delivered/", { order_id: a });
    expect(delivered.json()).toEqual({ success: true, message: BOARD_MESSAGES.delivered });
    expect((await boardOf(date)).sent.map((o) => o.PK_Orders)).toEqual([b]);
    // Delivered again: the same state, so nothing changes and nothing is refused.
    expect((await dispatcher.post("/api/dispatch/delivered/", { order_id: a })).statusCode).toBe(200);
  });

  it("a board that reconnects gets the moves it missed, each once and in order", async () => {
    const date = freshDate();
    const id = await preparedOrder(date);
    const board = await openSocket(baseUrl, { token: dispatcherToken });
    const ready = await board.waitFor((m) => m.type === "ready");
    board.close();
    await board.closed;

    await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 1, version: 0 });
    await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 2, version: 1 });
    await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 3, version: 2 });

    const back = await openSocket(baseUrl, {
      token: dispatcherToken,
      last_event_id: (ready as { last_event_id: number }).last_event_id,
    });
    await back.waitFor(
      (m) => m.type === "event" && m.event.type === "dispatch.assignment_changed" && m.event.data.version === 3,
    );
    const moves = back.events().filter((e) => e.type === "dispatch.assignment_changed" && e.data.order_id === id);
    expect(moves.map((e) => e.data.courier)).toEqual([1, 2, 3]);
    expect(new Set(back.events().map((e) => e.id)).size).toBe(back.events().length);
    back.close();
  });

  it("is refused to a Vendedor and a Preparador", async () => {
    for (const client of [seller, preparer]) {
      expect((await client.get("/api/dispatch/")).statusCode).toBe(403);
      expect((await client.post("/api/dispatch/assign/", { order_id: 1, courier: 1, version: 0 })).statusCode).toBe(
        403,
      );
      expect((await client.post("/api/dispatch/reset/", {})).statusCode).toBe(403);
    }
  });

  it("answers 400 to an unknown courier", async () => {
    const response = await dispatcher.post("/api/dispatch/assign/", { order_id: 1, courier: 7, version: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Cadete inexistente.");
  });
});
