import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PreparationBatch, PreparationBoard } from "@domain/contracts/preparation";
import { OrderEventData, PreparationUpdatedData } from "@domain/contracts/event-data";
import { applyGroupBatches, applyOrderToPreparation } from "@domain/live-preparation";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { confirmOrder, freshDate } from "../../helpers/boards";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder } from "../../helpers/orders";
import { applyEvents } from "../../helpers/preparation";
import { openSocket, type TestSocket } from "../../helpers/socket";

let t: TestApp;
let baseUrl: string;
let preparerToken: string;
let seller: ApiClient;
let preparer: ApiClient;
let socket: TestSocket;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  seller = (await signIn(t, "Vendedor")).client;
  const signedPreparer = await signIn(t, "Preparador");
  preparer = signedPreparer.client;
  preparerToken = signedPreparer.access;
  socket = await openSocket(baseUrl, { token: signedPreparer.access, preparation_date: null });
  await socket.waitFor((m) => m.type === "ready");
});
afterAll(async () => {
  socket.close();
  await t.close();
});

const boardOf = async (date: string) => {
  const response = await preparer.get(`/api/preparation/?delivery_date=${date}`);
  expect(response.statusCode).toBe(200);
  return response.json() as PreparationBoard;
};

/** Waits until a preparation sweep, after message `since`, stored batches covering `count` orders of the date's group in `zone`. */
async function settled(date: string, count: number, since = 0, zone = 1) {
  await socket.waitFor(
    (m) =>
      socket.messages.indexOf(m) >= since &&
      m.type === "event" &&
      m.event.type === "preparation.updated" &&
      m.event.data.delivery_date === date &&
      m.event.data.zone_id === zone &&
      m.event.data.orders === count,
  );
  return boardOf(date);
}

describe("the preparation board", () => {
  it("batches a group of six orders as 3 + 3 by nearest neighbour, other zones apart, a pick-up order flagged without coordinates", async () => {
    const date = freshDate();
    const products = {
      kg: (await createProduct(seller, { quantity: 500 })).PK_Products,
      un: (await createProduct(seller, { quantity: 500, isWeighted: false })).PK_Products,
    };
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        await confirmOrder(
          seller,
          { date, latitude: t.config.depot.lat - (i + 1) * 0.01, longitude: t.config.depot.lng },
          products,
        ),
      );
    const otherZone = await confirmOrder(seller, { date, zone: 2 }, products);
    const pickup = await confirmOrder(seller, { date, zone: 8, latitude: null, longitude: null }, products);

    // Each group is announced by the sweep that stored it, and a sweep may end between two orders.
    await settled(date, 6);
    await settled(date, 1, 0, 2);
    const board = await settled(date, 1, 0, 8);
    expect(board.summary).toEqual({ suggested_groups: 4, orders_covered: 8 });
    const [zoneOne, second, zoneTwo, pickups] = board.batches;
    expect(zoneOne!.order_count).toBe(3);
    expect(second!.order_count).toBe(3);
    expect(zoneTwo!.orders.map((o) => o.PK_Orders)).toEqual([otherZone]);
    expect(pickups!.orders.map((o) => o.PK_Orders)).toEqual([pickup]);
    expect(pickups!.without_coordinates).toEqual([pickup]);
    expect(pickups!.maps_url).toBeNull();
    // Every order in exactly one batch.
    expect(board.batches.flatMap((b) => b.orders.map((o) => o.PK_Orders)).sort()).toEqual(
      [...ids, otherZone, pickup].sort(),
    );
    // Nearest neighbour from the depot visits the orders by increasing distance here.
    expect([...zoneOne!.orders, ...second!.orders].map((o) => o.PK_Orders)).toEqual(ids);
    expect(zoneOne).toMatchObject({ zone: "Zona Centro", delivery_date: date, time_slot_id: 2 });
    expect(zoneOne!.maps_url).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1/);
    expect(decodeURIComponent(zoneOne!.whatsapp_url)).toContain(`#${ids[0]}`);
    expect(zoneOne!.route_distance_m).toBeGreaterThan(0);
  });

  it("sums each product across a batch's orders in a pick list, kilos and units apart", async () => {
    const date = freshDate();
    const products = {
      kg: (await createProduct(seller, { quantity: 500, name: "Pollo Entero Congelado" })).PK_Products,
      un: (await createProduct(seller, { quantity: 500, isWeighted: false, name: "Hamburguesas Caja" })).PK_Products,
    };
    for (let i = 0; i < 3; i++) await confirmOrder(seller, { date }, products);
    const [batch] = (await settled(date, 3)).batches;
    // Only weighted products add to the weight: three orders of 1.5 kg.
    expect(batch!.total_weight).toBe("4.500");
    expect(batch!.pick_list).toEqual([
      { product_id: products.un, product_name: "Hamburguesas Caja", Type: "UN", Amount: "6" },
      { product_id: products.kg, product_name: "Pollo Entero Congelado", Type: "KG", Amount: "4.500" },
    ]);
  });

  it("drops an order marked prepared at once and re-batches its group; a second 'prepared' changes nothing", async () => {
    const date = freshDate();
    const first = await confirmOrder(seller, { date });
    const second = await confirmOrder(seller, { date });
    await settled(date, 2);

    const since = socket.messages.length;
    const prepared = await preparer.post("/api/orders/prepared/", { order_id: first });
    expect(prepared.json()).toEqual({ success: true, message: `Pedido #${first} marcado como preparado.` });
    expect((await boardOf(date)).batches.flatMap((b) => b.orders.map((o) => o.PK_Orders))).toEqual([second]);
    await settled(date, 1, since);

    const again = await preparer.post("/api/orders/prepared/", { order_id: first });
    expect(again.statusCode).toBe(200);
    const pending = await preparer.post("/api/orders/pending/", { order_id: second });
    expect(pending.json().message).toBe(`Pedido #${second} marcado como pendiente.`);
    const [batch] = (await boardOf(date)).batches;
    expect(batch!.orders[0]).toMatchObject({
      PK_Orders: second,
      FK_OrderStatus__PK_OrderStatus: 5,
      FK_OrderStatus__Name: "Pendiente",
    });
  });

  it("shows a new order once the sweep has batched it, which preparation.updated announces", async () => {
    const date = freshDate();
    const since = socket.messages.length;
    const id = await confirmOrder(seller, { date });
    const board = await settled(date, 1, since);
    expect(board.batches.flatMap((b) => b.orders.map((o) => o.PK_Orders))).toEqual([id]);
  });

  it("gives a board following the events back an order that left its group and came back before the next sweep", async () => {
    const [date, away] = [freshDate(), freshDate()];
    const products = {
      kg: (await createProduct(seller, { quantity: 500 })).PK_Products,
      un: (await createProduct(seller, { quantity: 500, isWeighted: false })).PK_Products,
    };
    const ids = [await confirmOrder(seller, { date }, products), await confirmOrder(seller, { date }, products)];
    await settled(date, 2);
    let board = await boardOf(date);
    const since = socket.messages.length;

    // The sweeper skips a held cursor: both moves fall in one sweep, which finds the group as it was.
    const moving = ids[1]!;
    const clientId = (await seller.get(`/api/orders/${moving}/`)).json().client_id as number;
    const lines = [
      { productId: products.kg, units: "1.5", type: "KG" as const },
      { productId: products.un, units: 2, type: "UN" as const },
    ];
    await t.runtime.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from preparation_cursor where id = 1 for update`);
      for (const day of [away, date])
        expect(
          (await placeOrder(seller, clientId, lines, { orderData: orderDetails({ date: day }), order_id: moving }))
            .statusCode,
        ).toBe(200);
    });
    await settled(date, 2, since);

    // As the web's board applies them: the first move took the card out of its batch.
    for (const event of socket.messages.slice(since).flatMap((m) => (m.type === "event" ? [m.event] : []))) {
      if (event.type === "preparation.updated")
        board = applyGroupBatches(board, date, PreparationUpdatedData.parse(event.data));
      else if (event.type.startsWith("order."))
        board = applyOrderToPreparation(board, OrderEventData.parse(event.data));
    }
    expect(board.batches.flatMap((b) => b.orders.map((o) => o.PK_Orders)).sort()).toEqual([...ids].sort());
    expect(board).toEqual(await boardOf(date));
  });

  it("shows a renamed client and product on the batch's card and pick list once the next sweep has rebuilt the stored views", async () => {
    const date = freshDate();
    const client = await createClient(seller, { name: "Almacén Don Tito" });
    const kg = await createProduct(seller, { quantity: 500, name: "Merluza Congelada" });
    const un = await createProduct(seller, { quantity: 500, isWeighted: false, name: "Bastones de Pescado" });
    const id = await confirmOrder(seller, { date, clientId: client.id }, { kg: kg.PK_Products, un: un.PK_Products });
    await settled(date, 1);

    const since = socket.messages.length;
    const renamedClient = await seller.post(`/api/save_client/${client.id}/`, {
      name: "Almacén Don Tito e Hijos",
      address: "Mitre 100",
      city: 2,
      zone: 1,
      phone: "11 4444-0000",
      email: "tito@correo.com.ar",
      birthday: "1970-05-02",
      whatsapp_ubication: true,
      latitude: -34.72,
      longitude: -58.25,
      category: "Normal",
      risk_zone: false,
      version: client.version,
    });
    expect(renamedClient.statusCode).toBe(200);
    const renamedProduct = await seller.post(`/api/products/update/${kg.PK_Products}/`, {
      name: "Merluza Congelada Premium",
      quantity: 498.5,
      price: 1000,
      unitWeight: 0.5,
      isWeighted: true,
    });
    expect(renamedProduct.statusCode).toBe(200);

    // No order changed: the renames alone make the sweep rebuild the views and announce the group.
    const shown = (delta: PreparationUpdatedData) =>
      delta.cards.some((c) => c.FK_Clients__Name === "Almacén Don Tito e Hijos") &&
      Object.values(delta.products).includes("Merluza Congelada Premium");
    await socket.waitFor(
      (m) =>
        socket.messages.indexOf(m) >= since &&
        m.type === "event" &&
        m.event.type === "preparation.updated" &&
        m.event.data.delivery_date === date &&
        shown(PreparationUpdatedData.parse(m.event.data)),
    );
    const [batch] = (await boardOf(date)).batches;
    expect(batch!.orders.map((o) => [o.PK_Orders, o.FK_Clients__Name])).toEqual([[id, "Almacén Don Tito e Hijos"]]);
    expect(batch!.pick_list.map((l) => l.product_name)).toContain("Merluza Congelada Premium");
    expect(decodeURIComponent(batch!.whatsapp_url)).toContain("Almacén Don Tito e Hijos");
  });

  it("lists the checklist items of an order", async () => {
    const date = freshDate();
    const id = await confirmOrder(seller, { date });
    const items = (await preparer.get(`/api/orders/${id}/items/`)).json();
    expect(items.products).toHaveLength(2);
    expect(items.products.map((p: { Type: string; Amount: string }) => [p.Type, p.Amount])).toEqual([
      ["KG", "1.500"],
      ["UN", "2.000"],
    ]);
  });

  it("is refused to a Vendedor and a Despachante", async () => {
    for (const group of ["Vendedor", "Despachante"] as const) {
      const { client } = await signIn(t, group);
      expect((await client.get("/api/preparation/")).statusCode).toBe(403);
      expect((await client.post("/api/orders/prepared/", { order_id: 1 })).statusCode).toBe(403);
    }
  });

  it("answers 400 in Spanish to a malformed date", async () => {
    const response = await preparer.get("/api/preparation/?delivery_date=mañana");
    expect(response.statusCode).toBe(400);
  });
});

/** Runs `place` while the sweeper's cursor is held: one sweep then batches all its orders together. */
async function inOneSweep<T>(place: () => Promise<T>) {
  return t.runtime.database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from preparation_cursor where id = 1 for update`);
    return place();
  });
}
const preparationDates = (on: TestSocket) =>
  on.events().flatMap((e) => (e.type === "preparation.updated" ? [e.data.delivery_date] : []));
const lastId = (on: TestSocket) => Math.max(0, ...on.events().map((e) => e.id ?? 0));

describe("preparation events, sized by what changed and sent by date", () => {
  it("carries only the batches a sweep changed and the removed ids; a board applying each delta equals GET", async () => {
    const date = freshDate();
    const products = {
      kg: (await createProduct(seller, { quantity: 500 })).PK_Products,
      un: (await createProduct(seller, { quantity: 500, isWeighted: false })).PK_Products,
    };
    const at = (i: number) => ({ date, latitude: t.config.depot.lat - i * 0.01, longitude: t.config.depot.lng });
    const ids: number[] = [];
    await inOneSweep(async () => {
      for (let i = 1; i <= 12; i++) ids.push(await confirmOrder(seller, at(i), products));
    });
    let board = await settled(date, 12);
    expect(board.batches.map((b) => b.order_count)).toEqual([4, 4, 4]);

    const since = socket.messages.length;
    // A 13th order beyond the others: 4 + 3 + 3 + 3 by nearest neighbour, the first batch as it was.
    const last = await confirmOrder(seller, at(13), products);
    await settled(date, 13, since);
    const [delta] = socket.messages
      .slice(since)
      .flatMap((m) => (m.type === "event" && m.event.type === "preparation.updated" ? [m.event.data] : []))
      .filter((data) => data.delivery_date === date)
      .map((data) => PreparationUpdatedData.parse(data));
    // The first batch stays where it is; the three after it are rebuilt, each placed after the one before.
    expect(delta!.moved).toEqual([
      [ids[4], ids[0]],
      [ids[7], ids[4]],
      [ids[10], ids[7]],
    ]);
    // Each rebuilt batch as its orders' ids: the board sums its pick list from the cards' lines.
    expect(delta!.changed).toEqual([
      [ids[4], ids[5], ids[6]],
      [ids[7], ids[8], ids[9]],
      [ids[10], ids[11], last],
    ]);
    // Only the new order's card travels: the board holds the others.
    expect(delta!.cards.map((c) => c.PK_Orders)).toEqual([last]);
    expect(delta!.removed).toEqual([ids[8]]);
    board = applyEvents(board, date, socket, since);
    expect(board).toEqual(await boardOf(date));

    // Prepared, cancelled, moved to another day: the board follows each sweep's delta alone.
    const before = socket.messages.length;
    const moving = ids[5]!;
    expect((await preparer.post("/api/orders/prepared/", { order_id: ids[0] })).statusCode).toBe(200);
    expect((await preparer.post("/api/orders/pending/", { order_id: ids[2] })).statusCode).toBe(200);
    const clientId = (await seller.get(`/api/orders/${moving}/`)).json().client_id as number;
    const lines = [
      { productId: products.kg, units: "1.5", type: "KG" as const },
      { productId: products.un, units: 2, type: "UN" as const },
    ];
    const away = freshDate();
    const moved = await placeOrder(seller, clientId, lines, {
      orderData: orderDetails({ date: away }),
      order_id: moving,
    });
    expect(moved.statusCode).toBe(200);
    await settled(date, 11, before);
    board = applyEvents(board, date, socket, before);
    expect(board.summary.orders_covered).toBe(11);
    expect(board).toEqual(await boardOf(date));
  });

  it("keeps the batches after a new order along the route: it changes the batches around it and sends only those", async () => {
    const date = freshDate();
    const products = {
      kg: (await createProduct(seller, { quantity: 500 })).PK_Products,
      un: (await createProduct(seller, { quantity: 500, isWeighted: false })).PK_Products,
    };
    const at = (i: number) => ({ date, latitude: t.config.depot.lat - i * 0.01, longitude: t.config.depot.lng });
    await inOneSweep(async () => {
      for (let i = 2; i <= 17; i++) await confirmOrder(seller, at(i), products);
    });
    let board = await settled(date, 16);
    expect(board.batches.map((b) => b.order_count)).toEqual([4, 4, 4, 4]);

    const since = socket.messages.length;
    // Nearest to the depot, the new order comes first along the route.
    const first = await confirmOrder(seller, at(1), products);
    await settled(date, 17, since);
    const after = await boardOf(date);
    expect(after.batches.map((b) => b.order_count)).toEqual([3, 3, 3, 4, 4]);
    expect(after.batches[0]!.orders[0]!.PK_Orders).toBe(first);
    expect(after.batches.slice(3)).toEqual(board.batches.slice(2));
    const delta = socket.messages
      .slice(since)
      .flatMap((m) => (m.type === "event" && m.event.type === "preparation.updated" ? [m.event.data] : []))
      .map((data) => PreparationUpdatedData.parse(data))
      .find((data) => data.delivery_date === date)!;
    const firstOrders = (batches: PreparationBatch[]) => batches.map((b) => b.orders[0]!.PK_Orders);
    expect(delta.changed).toEqual(after.batches.slice(0, 3).map((b) => b.orders.map((o) => o.PK_Orders)));
    // The batches it shifted along keep their content: no move names them.
    expect(delta.moved.map(([id]) => id)).toEqual(firstOrders(after.batches.slice(0, 3)));
    expect(delta.removed).toEqual(firstOrders(board.batches.slice(0, 2)));
    board = applyEvents(board, date, socket, since);
    expect(board).toEqual(after);
  });

  it("sends a board only its date's preparation events, follows a date change, and catches up only its date after a reconnect", async () => {
    const [mine, other] = [freshDate(), freshDate()];
    const board = await openSocket(baseUrl, { token: preparerToken, preparation_date: mine });
    const none = await openSocket(baseUrl, { token: preparerToken });
    await Promise.all([board, none].map((s) => s.waitFor((m) => m.type === "ready")));
    // Each sweep awaited before the next order: a board holding a later event has had every earlier one.
    const arrive = async (date: string, count: number) => {
      const since = socket.messages.length;
      await confirmOrder(seller, { date });
      await settled(date, count, since);
    };
    const sweptOn = (on: TestSocket, date: string, count: number) =>
      on.waitFor(
        (m) =>
          m.type === "event" &&
          m.event.type === "preparation.updated" &&
          m.event.data.delivery_date === date &&
          m.event.data.orders === count,
      );
    await arrive(other, 1);
    await arrive(mine, 1);
    await sweptOn(board, mine, 1);
    expect(preparationDates(board)).toEqual([mine]);
    // Its order events still come: they carry the cards the board patches in place.
    expect(board.events().filter((e) => e.type === "order.created").length).toBe(2);

    // The board changes its date: the next sweeps of that date reach it, the old date's no longer.
    board.send({ type: "subscribe", preparation_date: other });
    await board.waitFor((m) => m.type === "subscribed" && m.preparation_date === other);
    await arrive(mine, 2);
    await arrive(other, 2);
    await sweptOn(board, other, 2);
    expect(preparationDates(board)).toEqual([mine, other]);

    // Closed, it misses a sweep of each date; reconnected with its last id, it is replayed only its date's.
    const resumeFrom = lastId(board);
    board.close();
    await arrive(mine, 3);
    await arrive(other, 3);
    const resumed = await openSocket(baseUrl, {
      token: preparerToken,
      last_event_id: resumeFrom,
      preparation_date: other,
    });
    await sweptOn(resumed, other, 3);
    expect(preparationDates(resumed)).toEqual([other]);
    expect(resumed.events().filter((e) => e.type === "order.created").length).toBe(2);
    // A socket that subscribed to no date (no board on screen) received no preparation event at all.
    expect(none.events().filter((e) => e.type === "order.created").length).toBe(6);
    expect(preparationDates(none)).toEqual([]);
    for (const s of [resumed, none]) s.close();
  });
});
