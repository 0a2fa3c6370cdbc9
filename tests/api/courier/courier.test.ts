import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COURIER_MESSAGES, type CourierColumns, type CourierRoute } from "@domain/contracts/courier";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { confirmOrder, freshDate } from "../../helpers/boards";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder } from "../../helpers/orders";
import { openSocket, type TestSocket } from "../../helpers/socket";

let t: TestApp;
let seller: ApiClient;
let preparer: ApiClient;
let dispatcher: ApiClient;
let admin: ApiClient;
let courierA: Awaited<ReturnType<typeof signIn>>;
let courierB: Awaited<ReturnType<typeof signIn>>;
let dispatcherSocket: TestSocket;
let courierSocket: TestSocket;

beforeAll(async () => {
  t = await createTestApp();
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  seller = (await signIn(t, "Vendedor")).client;
  preparer = (await signIn(t, "Preparador")).client;
  const signedDispatcher = await signIn(t, "Despachante");
  dispatcher = signedDispatcher.client;
  admin = (await signIn(t, "Admin")).client;
  courierA = await signIn(t, "Cadete");
  courierB = await signIn(t, "Cadete");
  dispatcherSocket = await openSocket(baseUrl, { token: signedDispatcher.access });
  courierSocket = await openSocket(baseUrl, { token: courierB.access });
  await dispatcherSocket.waitFor((m) => m.type === "ready");
  await courierSocket.waitFor((m) => m.type === "ready");
  expect((await dispatcher.post("/api/dispatch/couriers/", { column: 1, user_id: courierA.id })).statusCode).toBe(200);
  expect((await dispatcher.post("/api/dispatch/couriers/", { column: 2, user_id: courierB.id })).statusCode).toBe(200);
});
afterAll(async () => {
  dispatcherSocket.close();
  courierSocket.close();
  await t.close();
});

/** A prepared order paid by `pay` (1 Efectivo, 2 Transferencia). */
async function preparedOrder(date: string, pay = 1, at?: { latitude: number; longitude: number }) {
  let id: number;
  if (pay === 1) id = await confirmOrder(seller, { date, ...at });
  else {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 50 });
    const placed = await placeOrder(seller, clientId, [{ productId: product.PK_Products, units: "1.25", type: "KG" }], {
      orderData: orderDetails({ date, payment_method: { id: pay, name: "Transferencia" } }),
    });
    id = placed.json().order_id;
  }
  expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
  return id;
}

async function sendRoute(date: string, column: number, ids: number[]) {
  for (const id of ids) {
    const cards = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json().cards as {
      PK_Orders: number;
      version: number;
    }[];
    const version = cards.find((c) => c.PK_Orders === id)!.version;
    expect(
      (await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: column, version })).statusCode,
    ).toBe(200);
  }
  const sent = await dispatcher.post("/api/dispatch/send-route/", { courier: column, order_ids: ids });
  expect(sent.statusCode).toBe(200);
  return sent.json().stops.map((s: { order_id: number }) => s.order_id) as number[];
}

const routeOf = async (client: ApiClient, date: string) => {
  const response = await client.get(`/api/courier/route/?delivery_date=${date}`);
  expect(response.statusCode).toBe(200);
  return response.json() as CourierRoute;
};
const statusOf = async (id: number) => (await admin.get(`/api/orders/${id}/`)).json().status as string;

function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type: string }) {
  const boundary = `----frio${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("the courier's stops", () => {
  it("a route sent from a linked column reaches that courier only, in route order, with what to collect", async () => {
    const date = freshDate();
    const { lat, lng } = t.config.depot;
    const far = await preparedOrder(date, 1, { latitude: lat - 0.03, longitude: lng });
    const near = await preparedOrder(date, 2, { latitude: lat - 0.01, longitude: lng });
    const ordered = await sendRoute(date, 1, [far, near]);
    expect(ordered).toEqual([near, far]);
    const changed = await courierSocket.waitFor(
      (m) =>
        m.type === "event" &&
        m.event.type === "courier.stops_changed" &&
        (m.event.data.user_ids as number[]).includes(courierA.id),
    );
    // The event names couriers, never clients or amounts.
    expect(Object.keys((changed as { event: { data: object } }).event.data).sort()).toEqual([
      "delivery_date",
      "user_ids",
    ]);

    const route = await routeOf(courierA.client, date);
    expect(route.stops.map((s) => [s.order_id, s.position, s.state])).toEqual([
      [near, 1, "pendiente"],
      [far, 2, "pendiente"],
    ]);
    const detail = (await admin.get(`/api/orders/${far}/`)).json();
    expect(route.stops[1]).toMatchObject({
      is_cash: true,
      Final_Price: detail.final_price,
      pay_method: "Efectivo",
      time_slot: "Mañana",
      item_count: 2,
    });
    expect(route.stops[0]).toMatchObject({ is_cash: false, pay_method: "Transferencia" });
    expect(route.stops[1]!.directions_url).toContain("destination=");
    expect(route.progress).toEqual({ done: 0, total: 2 });
    expect((await routeOf(courierB.client, date)).stops).toEqual([]);
  });

  it("refuses the courier's API to every other group, and another courier's stop to a second Cadete", async () => {
    const date = freshDate();
    const id = await preparedOrder(date);
    await sendRoute(date, 1, [id]);
    for (const client of [seller, preparer, dispatcher, admin]) {
      expect((await client.get(`/api/courier/route/?delivery_date=${date}`)).statusCode).toBe(403);
      expect((await client.post("/api/courier/delivered/", { order_id: id })).statusCode).toBe(403);
      expect((await client.post("/api/courier/not-delivered/", { order_id: id, reason: "Ausente" })).statusCode).toBe(
        403,
      );
    }
    const other = await courierB.client.post("/api/courier/delivered/", { order_id: id });
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe(COURIER_MESSAGES.notYourStop);
    expect(
      (await courierB.client.post("/api/courier/not-delivered/", { order_id: id, reason: "Ausente" })).statusCode,
    ).toBe(403);
    // With a photo, the stop is checked before the image is decoded: a file no decoder reads still gets the 403.
    const withPhoto = multipart(
      { order_id: String(id) },
      { name: "x.jpg", content: Buffer.from("no es una imagen"), type: "image/jpeg" },
    );
    const otherWithPhoto = await courierB.client.post("/api/courier/delivered/", withPhoto.body, withPhoto.headers);
    expect([otherWithPhoto.statusCode, otherWithPhoto.json().detail]).toEqual([403, COURIER_MESSAGES.notYourStop]);
    expect(await statusOf(id)).toBe("Enviado");
  });

  it("Entregado with cash received: exact to the centavo, the difference recorded, status, history and events", async () => {
    const date = freshDate();
    const id = await preparedOrder(date);
    await sendRoute(date, 1, [id]);
    const due = (await admin.get(`/api/orders/${id}/`)).json().final_price as string;
    const dueCentavos = Math.round(Number(due) * 100);
    const received = ((dueCentavos - 1) / 100).toFixed(2).replace(".", ",");

    const tooPrecise = await courierA.client.post("/api/courier/delivered/", {
      order_id: id,
      amount_received: "100.001",
    });
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.json().detail).toContain(COURIER_MESSAGES.amount);

    const done = await courierA.client.post("/api/courier/delivered/", { order_id: id, amount_received: received });
    expect(done.statusCode).toBe(200);
    expect(await statusOf(id)).toBe("Entregado");
    const stop = (await routeOf(courierA.client, date)).stops[0]!;
    expect(stop).toMatchObject({
      state: "entregado",
      amount_received: ((dueCentavos - 1) / 100).toFixed(2),
      difference: "-0.01",
    });

    const event = await dispatcherSocket.waitFor(
      (m) => m.type === "event" && m.event.type === "dispatch.stop_updated" && m.event.data.order_id === id,
    );
    expect((event as { event: { data: object } }).event.data).toMatchObject({
      state: "entregado",
      column: 1,
      amount_due: due,
      difference: "-0.01",
      delivery_date: date,
    });
    const history = (await admin.get(`/api/orders/${id}/`)).json().history as { type: string; actor: string }[];
    expect(history.map((h) => h.type)).toEqual([
      "order.created",
      "order.status_changed",
      "dispatch.assignment_changed",
      "order.status_changed",
      "order.status_changed",
      "dispatch.stop_updated",
    ]);
    expect(history.at(-1)!.actor).toBe(courierA.username);

    const twice = await courierA.client.post("/api/courier/delivered/", { order_id: id });
    expect(twice.statusCode).toBe(409);

    const cash = (await admin.get(`/api/courier/cash/?from=${date}&to=${date}`)).json().rows;
    expect(cash).toEqual([
      expect.objectContaining({
        user_id: courierA.id,
        delivery_date: date,
        stops: 1,
        delivered: 1,
        due,
        received: ((dueCentavos - 1) / 100).toFixed(2),
        difference: "-0.01",
      }),
    ]);
    expect((await dispatcher.get(`/api/courier/cash/?from=${date}`)).statusCode).toBe(403);
    const exported = await admin.post("/api/export-data/", { sql_table: "CourierStops", type_archive: "csv" });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.split("\n")[0]).toContain("Amount_Due");
    // es-AR CSV: ';' between fields, decimal comma.
    const comma = (amount: string) => amount.replace(".", ",");
    expect(exported.body).toContain(`${comma(due)};${comma(((dueCentavos - 1) / 100).toFixed(2))};-0,01`);
  });

  it("a non-cash order takes no amount; a photo is re-encoded and readable by the office and its courier only", async () => {
    const date = freshDate();
    const id = await preparedOrder(date, 2);
    await sendRoute(date, 1, [id]);
    const notCash = await courierA.client.post("/api/courier/delivered/", { order_id: id, amount_received: "10" });
    expect(notCash.statusCode).toBe(400);
    expect(notCash.json().detail).toBe(COURIER_MESSAGES.notCash);

    const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#88aa33" } })
      .jpeg()
      .withMetadata()
      .toBuffer();
    const notImage = multipart(
      { order_id: String(id) },
      { name: "x.jpg", content: Buffer.from("hola"), type: "image/jpeg" },
    );
    expect((await courierA.client.post("/api/courier/delivered/", notImage.body, notImage.headers)).statusCode).toBe(
      400,
    );
    const form = multipart({ order_id: String(id) }, { name: "puerta.jpg", content: jpeg, type: "image/jpeg" });
    const done = await courierA.client.post("/api/courier/delivered/", form.body, form.headers);
    expect(done.statusCode).toBe(200);

    const stop = (await routeOf(courierA.client, date)).stops[0]!;
    expect(stop).toMatchObject({ state: "entregado", has_photo: true, amount_received: null, difference: null });
    const url = `/api/courier/stops/${stop.stop_id}/photo`;
    for (const client of [courierA.client, dispatcher, admin]) {
      const photo = await client.get(url);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers["content-type"]).toBe("image/webp");
      const meta = await sharp(photo.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1280, 960]);
    }
    expect((await courierB.client.get(url)).statusCode).toBe(403);
    expect((await seller.get(url)).statusCode).toBe(403);
    expect((await preparer.get(url)).statusCode).toBe(403);
  });

  it("No entregado: back to Armado and Sin asignar, history kept, reason required for Otro, sent again as a new stop", async () => {
    const date = freshDate();
    const id = await preparedOrder(date);
    await sendRoute(date, 1, [id]);
    const noText = await courierA.client.post("/api/courier/not-delivered/", { order_id: id, reason: "Otro" });
    expect(noText.statusCode).toBe(400);
    expect(noText.body).toContain(COURIER_MESSAGES.reasonText);
    expect(
      (await courierA.client.post("/api/courier/not-delivered/", { order_id: id, reason: "Vacaciones" })).statusCode,
    ).toBe(400);

    const back = await courierA.client.post("/api/courier/not-delivered/", {
      order_id: id,
      reason: "Otro",
      text: "Portón cerrado",
    });
    expect(back.statusCode).toBe(200);
    expect(await statusOf(id)).toBe("Armado");
    const board = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json();
    expect(board.cards).toEqual([expect.objectContaining({ PK_Orders: id, courier: 0 })]);
    const event = await dispatcherSocket.waitFor(
      (m) => m.type === "event" && m.event.type === "dispatch.stop_updated" && m.event.data.order_id === id,
    );
    expect((event as { event: { data: object } }).event.data).toMatchObject({ state: "no_entregado", reason: "Otro" });
    const history = (await admin.get(`/api/orders/${id}/`)).json().history as { type: string; actor: string }[];
    expect(history.slice(-2)).toEqual([
      expect.objectContaining({ type: "order.status_changed", actor: courierA.username }),
      expect.objectContaining({ type: "dispatch.stop_updated" }),
    ]);

    // Sent again, to the second courier this time: a new stop; the first stays as history.
    await sendRoute(date, 2, [id]);
    expect((await routeOf(courierA.client, date)).stops).toEqual([
      expect.objectContaining({ order_id: id, state: "no_entregado", reason: "Otro", reason_text: "Portón cerrado" }),
    ]);
    expect((await routeOf(courierB.client, date)).stops).toEqual([
      expect.objectContaining({ order_id: id, state: "pendiente" }),
    ]);
    const columns = (await dispatcher.get(`/api/dispatch/couriers/?delivery_date=${date}`)).json() as CourierColumns;
    expect(columns.couriers.map((c) => [c.column, c.user?.id ?? null, c.progress])).toEqual([
      [1, courierA.id, { done: 1, total: 1 }],
      [2, courierB.id, { done: 0, total: 1 }],
      [3, null, { done: 0, total: 0 }],
    ]);
    expect(columns.cadetes.map((c) => c.id)).toEqual(expect.arrayContaining([courierA.id, courierB.id]));
  });

  it("links only active Cadete users, and a column's open stops follow its new courier", async () => {
    const date = freshDate();
    const refused = await dispatcher.post("/api/dispatch/couriers/", {
      column: 3,
      user_id: (await signIn(t, "Vendedor")).id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(COURIER_MESSAGES.notCadete);
    const id = await preparedOrder(date);
    const courierC = await signIn(t, "Cadete");
    expect((await dispatcher.post("/api/dispatch/couriers/", { column: 3, user_id: courierC.id })).statusCode).toBe(
      200,
    );
    await sendRoute(date, 3, [id]);
    expect((await dispatcher.post("/api/dispatch/couriers/", { column: 3, user_id: courierB.id })).statusCode).toBe(
      200,
    );
    expect((await routeOf(courierB.client, date)).stops.map((s) => s.order_id)).toEqual([id]);
    expect((await routeOf(courierC.client, date)).stops).toEqual([]);
    // courierB left column 2 for column 3; put things back for the other tests.
    expect((await dispatcher.post("/api/dispatch/couriers/", { column: 3, user_id: courierC.id })).statusCode).toBe(
      200,
    );
    expect((await dispatcher.post("/api/dispatch/couriers/", { column: 2, user_id: courierB.id })).statusCode).toBe(
      200,
    );
  });

  it("keeps a shared position only with an open route, at most every 30 s, and shows it on the board", async () => {
    const lonely = await signIn(t, "Cadete");
    expect(
      (await lonely.client.post("/api/courier/position/", { latitude: -34.7, longitude: -58.3, accuracy: 12 }))
        .statusCode,
    ).toBe(409);
    const date = freshDate();
    await sendRoute(date, 1, [await preparedOrder(date)]);
    const first = await courierA.client.post("/api/courier/position/", {
      latitude: -34.71,
      longitude: -58.26,
      accuracy: 15,
    });
    expect(first.json()).toEqual({ success: true, stored: true });
    const again = await courierA.client.post("/api/courier/position/", {
      latitude: -34.8,
      longitude: -58.3,
      accuracy: 15,
    });
    expect(again.json()).toEqual({ success: true, stored: false });
    await dispatcherSocket.waitFor(
      (m) => m.type === "event" && m.event.type === "dispatch.courier_position" && m.event.data.user_id === courierA.id,
    );
    const column = ((await dispatcher.get(`/api/dispatch/couriers/?delivery_date=${date}`)).json() as CourierColumns)
      .couriers[0]!;
    expect(column.position).toMatchObject({ latitude: -34.71, longitude: -58.26, accuracy: 15 });
    expect((await courierA.client.post("/api/courier/position/", { latitude: 200, longitude: 0 })).statusCode).toBe(
      400,
    );
  });
});
