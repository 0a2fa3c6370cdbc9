import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatIsoDate, todayInBuenosAires } from "@domain/calendar";
import { LOT_MESSAGES } from "@domain/contracts/lots";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { lotInvariant, setExpiry } from "../../helpers/lots";
import { freshDate, sendRouteOf } from "../../helpers/boards";
import { orderDetails, placeOrder, stockOf } from "../../helpers/orders";
import { openSocket, type TestSocket } from "../../helpers/socket";

let t: TestApp;
let admin: ApiClient;
let seller: ApiClient;
let preparer: ApiClient;
let socket: TestSocket;
beforeAll(async () => {
  t = await createTestApp({ redis: true });
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  admin = (await signIn(t, "Admin")).client;
  const signed = await signIn(t, "Vendedor");
  seller = signed.client;
  preparer = (await signIn(t, "Preparador")).client;
  socket = await openSocket(baseUrl, { token: signed.access });
  await socket.waitFor((m) => m.type === "ready");
});
afterAll(async () => {
  socket.close();
  await t.close();
});

const db = () => t.runtime.database.db;
const today = () => todayInBuenosAires();
const receive = (productId: number, body: Record<string, unknown>, client = preparer) =>
  client.post(`/api/products/${productId}/lots/`, body);
const received = async (productId: number, code: string, expiry: string, quantity: number | string) => {
  const response = await receive(productId, { code, expiry, quantity });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; code: string };
};
const prepared = (body: Record<string, unknown>) => preparer.post("/api/orders/prepared/", body);

interface LineLot {
  lot_id: number;
  code: string;
  expiry: string;
  quantity: string;
}
interface Line {
  detailed_product_id: number;
  FK_Products: number;
  Picked_Weight: string | null;
  lots: LineLot[];
  without_lot: string | null;
}
interface Detail {
  status: string;
  products: Line[];
}
const detailOf = async (id: number) => (await seller.get(`/api/orders/${id}/`)).json() as Detail;
const remainingOf = async (productId: number) =>
  ((await seller.get(`/api/products/${productId}/lots/`)).json().results as { code: string; remaining: string }[]).map(
    (l) => [l.code, l.remaining],
  );

async function orderOf(productId: number, kilos: number | string, client?: number) {
  const clientId = client ?? (await createClient(seller)).id;
  const placed = await placeOrder(seller, clientId, [{ productId, units: kilos, type: "KG" }]);
  expect(placed.statusCode).toBe(200);
  const orderId = placed.json().order_id as number;
  return { orderId, clientId, line: (await detailOf(orderId)).products[0]!.detailed_product_id };
}

describe("receiving by lot (issue 42)", () => {
  it("grows the product's stock by the lot's kilograms (es-AR text), tells the screens, and lists lots first expiry first", async () => {
    const product = await createProduct(seller, { quantity: 3 });
    const id = product.PK_Products;
    const response = await receive(id, { code: "  LM-2207 ", expiry: addDays(today(), 20), quantity: "12,5" }, admin);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      product_id: id,
      code: "LM-2207",
      expiry: addDays(today(), 20),
      received: "12.500",
      remaining: "12.500",
      expired: false,
    });
    expect(await stockOf(seller, id)).toBe("15.500");
    await socket.waitFor(
      (m) =>
        m.type === "event" &&
        m.event.type === "product.stock_changed" &&
        m.event.data.product_id === id &&
        m.event.data.quantity === "15.500",
    );
    await received(id, "LM-0001", today(), 2);
    const old = await received(id, "LM-0000", addDays(today(), 1), 1);
    await setExpiry(db(), old.id, addDays(today(), -1));
    const listed = (await seller.get(`/api/products/${id}/lots/`)).json().results;
    expect(listed.map((l: { code: string; expired: boolean }) => [l.code, l.expired])).toEqual([
      ["LM-0000", true],
      ["LM-0001", false],
      ["LM-2207", false],
    ]);
  });

  it("adds to the lot a code already has with the same expiry, and refuses it with another expiry (409)", async () => {
    const id = (await createProduct(seller, { quantity: 0 })).PK_Products;
    const first = await received(id, "AB-1", addDays(today(), 10), 4);
    const again = await receive(id, { code: "ab-1", expiry: addDays(today(), 10), quantity: 1.5 });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: first.id, code: "AB-1", received: "5.500", remaining: "5.500" });
    const other = await receive(id, { code: "AB-1", expiry: addDays(today(), 11), quantity: 1 });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(LOT_MESSAGES.otherExpiry("AB-1", formatIsoDate(addDays(today(), 10))));
    expect(await stockOf(seller, id)).toBe("5.500");

    // The same new code with two expiries at once: one lot is made, the other hears its expiry.
    const [a, b] = [addDays(today(), 3), addDays(today(), 4)];
    const both = await Promise.all([a, b].map((expiry) => receive(id, { code: "RACE-1", expiry, quantity: 1 })));
    const made = both.find((r) => r.statusCode === 201)!.json();
    const refused = both.find((r) => r.statusCode === 409)!.json();
    expect(refused.detail).toBe(LOT_MESSAGES.otherExpiry("RACE-1", formatIsoDate(made.expiry)));
    expect(await stockOf(seller, id)).toBe("6.500");
  });

  it("sent again with the same Idempotency-Key (a retry, a double tap, both at once) it adds once; the key with another lot is a 422", async () => {
    const id = (await createProduct(seller, { quantity: 0 })).PK_Products;
    const body = { code: "ID-1", expiry: addDays(today(), 8), quantity: "7,5" };
    const key = { "idempotency-key": "ingreso-lote-0001" };
    const answers = await Promise.all([
      preparer.post(`/api/products/${id}/lots/`, body, key),
      preparer.post(`/api/products/${id}/lots/`, body, key),
    ]);
    const retry = await preparer.post(`/api/products/${id}/lots/`, body, key);
    expect([...answers, retry].map((a) => [a.statusCode, a.json().received])).toEqual(Array(3).fill([201, "7.500"]));
    expect(new Set([...answers, retry].map((a) => a.json().id)).size).toBe(1);
    expect(await stockOf(seller, id)).toBe("7.500");
    const other = await preparer.post(`/api/products/${id}/lots/`, { ...body, quantity: 8 }, key);
    expect([other.statusCode, other.json().detail]).toEqual([422, LOT_MESSAGES.keyReused]);
    // Another key is another receipt of the same lot.
    const second = await preparer.post(`/api/products/${id}/lots/`, body, { "idempotency-key": "ingreso-lote-0002" });
    expect(second.json()).toMatchObject({ received: "15.000", remaining: "15.000" });
    expect(await stockOf(seller, id)).toBe("15.000");
  });

  it("refuses a past expiry, a blank code, zero or less and an impossible date with a Spanish 400; an unknown product is 404", async () => {
    const id = (await createProduct(seller, { quantity: 0 })).PK_Products;
    const yesterday = addDays(today(), -1);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "X", expiry: yesterday, quantity: 1 }, LOT_MESSAGES.expiryPast(formatIsoDate(yesterday))],
      [{ code: "   ", expiry: today(), quantity: 1 }, LOT_MESSAGES.code],
      [{ code: "X", expiry: today(), quantity: 0 }, LOT_MESSAGES.quantity],
      [{ code: "X", expiry: today(), quantity: "-2" }, "Ingresá un número positivo."],
      [{ code: "X", expiry: "2027-02-29", quantity: 1 }, LOT_MESSAGES.expiry],
      [{ code: "X", expiry: "mañana", quantity: 1 }, LOT_MESSAGES.expiry],
    ];
    for (const [body, message] of cases) {
      const response = await receive(id, body);
      expect([response.statusCode, response.json().detail]).toEqual([400, message]);
    }
    expect(await stockOf(seller, id)).toBe("0.000");
    expect((await seller.get(`/api/products/${id}/lots/`)).json().results).toEqual([]);
    expect((await receive(999_999, { code: "X", expiry: today(), quantity: 1 })).statusCode).toBe(404);
    expect((await receive(id, { code: "X", expiry: today(), quantity: 1 }, seller)).statusCode).toBe(403);
  });

  it("the stock editor still sets the stock without touching the lots: what it adds or removes has no lot", async () => {
    const id = (await createProduct(seller, { quantity: 0 })).PK_Products;
    await received(id, "ED-1", addDays(today(), 5), 10);
    expect((await admin.request("PATCH", `/api/product/${id}/update/`, { Quantity: 4 })).statusCode).toBe(200);
    expect(await stockOf(seller, id)).toBe("4.000");
    expect(await remainingOf(id)).toEqual([["ED-1", "10.000"]]);
  });
});

describe("lots at preparation", () => {
  it("takes the earliest usable expiry first, across lots, and Back to Pendiente gives the kilograms back", async () => {
    const id = (await createProduct(seller, { quantity: 0 })).PK_Products;
    const late = await received(id, "L-TARDE", addDays(today(), 30), "10");
    const soon = await received(id, "L-PRONTO", today(), "2,5");
    const expired = await received(id, "L-VIEJO", today(), 5);
    await setExpiry(db(), expired.id, addDays(today(), -1));
    const { orderId } = await orderOf(id, 4);
    const items = (await preparer.get(`/api/orders/${orderId}/items/`)).json().products[0];
    expect(items).toMatchObject({
      lots: [],
      without_lot: null,
      suggested_lots: [
        { lot_id: soon.id, code: "L-PRONTO", expiry: today(), quantity: "2.500" },
        { lot_id: late.id, code: "L-TARDE", expiry: addDays(today(), 30), quantity: "1.500" },
      ],
      suggested_without_lot: "0.000",
    });

    expect((await prepared({ order_id: orderId })).statusCode).toBe(200);
    const line = (await detailOf(orderId)).products[0]!;
    expect(line.lots).toEqual(items.suggested_lots);
    expect(line.without_lot).toBe("0.000");
    expect((await preparer.get(`/api/orders/${orderId}/items/`)).json().products[0]).toMatchObject({
      lots: items.suggested_lots,
      suggested_lots: [],
    });
    expect(await remainingOf(id)).toEqual([
      ["L-VIEJO", "5.000"],
      ["L-PRONTO", "0.000"],
      ["L-TARDE", "8.500"],
    ]);

    expect((await preparer.post("/api/orders/pending/", { order_id: orderId })).statusCode).toBe(200);
    expect((await detailOf(orderId)).products[0]).toMatchObject({ lots: [], without_lot: null });
    expect(await remainingOf(id)).toEqual([
      ["L-VIEJO", "5.000"],
      ["L-PRONTO", "2.500"],
      ["L-TARDE", "10.000"],
    ]);
    expect((await lotInvariant(db(), id)).broken).toEqual([]);
  });

  it("what the usable lots cannot cover is taken as stock without a lot, and the line says how much", async () => {
    const id = (await createProduct(seller, { quantity: 10 })).PK_Products;
    await received(id, "S-1", addDays(today(), 3), 1.5);
    const { orderId } = await orderOf(id, 4);
    expect((await preparer.get(`/api/orders/${orderId}/items/`)).json().products[0].suggested_without_lot).toBe(
      "2.500",
    );
    expect((await prepared({ order_id: orderId })).statusCode).toBe(200);
    expect((await detailOf(orderId)).products[0]).toMatchObject({
      lots: [{ code: "S-1", quantity: "1.500" }],
      without_lot: "2.500",
    });
    // A product that never had lots says nothing about them.
    const plain = (await createProduct(seller, { quantity: 10 })).PK_Products;
    const other = await orderOf(plain, 1);
    expect((await prepared({ order_id: other.orderId })).statusCode).toBe(200);
    expect((await detailOf(other.orderId)).products[0]).toMatchObject({ lots: [], without_lot: null });
  });

  it("takes the lot the preparer chose, and refuses an expired lot, one holding less and another product's, changing nothing", async () => {
    const id = (await createProduct(seller, { quantity: 0 })).PK_Products;
    const soon = await received(id, "C-1", addDays(today(), 2), 5);
    const later = await received(id, "C-2", addDays(today(), 9), 2);
    const gone = await received(id, "C-0", today(), 5);
    await setExpiry(db(), gone.id, "2026-01-31");
    const foreign = await received((await createProduct(seller, { quantity: 0 })).PK_Products, "F-1", today(), 5);
    const { orderId, line } = await orderOf(id, 3);
    const withLots = (lots: { lot_id: number; quantity: number | string }[]) =>
      prepared({ order_id: orderId, lines: [{ detailed_product_id: line, lots }] });

    const expired = await withLots([{ lot_id: gone.id, quantity: 1 }]);
    expect([expired.statusCode, expired.json().detail]).toEqual([409, "El lote C-0 venció el 31/01/2026."]);
    const tooMuch = await withLots([{ lot_id: later.id, quantity: "2,5" }]);
    expect([tooMuch.statusCode, tooMuch.json().detail]).toEqual([409, LOT_MESSAGES.notEnough("C-2", "2 kg", "2,5 kg")]);
    const otherProduct = await withLots([{ lot_id: foreign.id, quantity: 1 }]);
    expect(otherProduct.statusCode).toBe(400);
    expect(otherProduct.json().detail).toContain("El lote F-1 no es de");
    const overLine = await withLots([{ lot_id: soon.id, quantity: 4 }]);
    expect(overLine.statusCode).toBe(400);
    const notOfOrder = await prepared({
      order_id: orderId,
      lines: [{ detailed_product_id: line + 100_000, lots: [{ lot_id: soon.id, quantity: 1 }] }],
    });
    expect([notOfOrder.statusCode, notOfOrder.json().detail]).toEqual([400, "Esa línea no es de este pedido."]);
    const twice = await prepared({
      order_id: orderId,
      lines: [0, 1].map(() => ({ detailed_product_id: line, lots: [{ lot_id: soon.id, quantity: 1 }] })),
    });
    expect([twice.statusCode, twice.json().detail]).toEqual([400, expect.stringContaining("están dos veces")]);
    expect((await detailOf(orderId)).status).toBe("Confirmado");
    expect(await remainingOf(id)).toEqual([
      ["C-0", "5.000"],
      ["C-1", "5.000"],
      ["C-2", "2.000"],
    ]);

    expect((await withLots([{ lot_id: later.id, quantity: 2 }])).statusCode).toBe(200);
    expect((await detailOf(orderId)).products[0]!.lots.map((l) => [l.code, l.quantity])).toEqual([
      ["C-1", "1.000"],
      ["C-2", "2.000"],
    ]);
    expect((await lotInvariant(db(), id)).broken).toEqual([]);
  });

  it("with real weights (catch weight) the lots take the real weight, and a correction moves only the difference", async () => {
    const id = (
      await createProduct(seller, { quantity: 0, unitWeight: 10, requiresWeighing: true, weightTolerancePct: 10 })
    ).PK_Products;
    await received(id, "W-1", addDays(today(), 1), 19);
    await received(id, "W-2", addDays(today(), 6), 30);
    const clientId = (await createClient(seller)).id;
    const placed = await placeOrder(seller, clientId, [{ productId: id, units: 2, type: "UN" }]);
    const orderId = placed.json().order_id as number;
    const line = (await detailOf(orderId)).products[0]!.detailed_product_id;
    const weigh = (picked_weight: string) =>
      prepared({ order_id: orderId, lines: [{ detailed_product_id: line, picked_weight }] });
    expect((await weigh("19,6")).statusCode).toBe(200);
    expect((await detailOf(orderId)).products[0]!.lots.map((l) => [l.code, l.quantity])).toEqual([
      ["W-1", "19.000"],
      ["W-2", "0.600"],
    ]);
    expect((await weigh("18,5")).statusCode).toBe(200);
    expect((await detailOf(orderId)).products[0]).toMatchObject({
      Picked_Weight: "18.500",
      lots: [{ code: "W-1", quantity: "18.500" }],
    });
    expect(await remainingOf(id)).toEqual([
      ["W-1", "0.500"],
      ["W-2", "30.000"],
    ]);
    expect((await lotInvariant(db(), id)).broken).toEqual([]);
  });
});

describe("the lot travels with the goods", () => {
  it("the route sheet prints each stop's lots, and the order details export carries lot code, expiry and kilos without a lot", async () => {
    const dispatcher = (await signIn(t, "Despachante")).client;
    const courier = await signIn(t, "Cadete");
    expect((await dispatcher.post("/api/dispatch/couriers/", { column: 2, user_id: courier.id })).statusCode).toBe(200);
    const id = (await createProduct(seller, { name: "Langostinos lote", quantity: 5 })).PK_Products;
    await received(id, "T-2", addDays(today(), 12), 3);
    await received(id, "T-1", addDays(today(), 6), 1);
    const date = freshDate();
    const clientId = (await createClient(seller)).id;
    const placed = await placeOrder(seller, clientId, [{ productId: id, units: 6, type: "KG" }], {
      orderData: orderDetails({ date }),
    });
    const orderId = placed.json().order_id as number;
    expect((await prepared({ order_id: orderId })).statusCode).toBe(200);
    await sendRouteOf(dispatcher, date, 2, [orderId]);
    const sheet = (await dispatcher.get(`/api/dispatch/route-sheet/?column=2&delivery_date=${date}`)).json();
    expect(sheet.stops[0].lots).toEqual([
      { product_name: "Langostinos lote", code: "T-1", expiry: addDays(today(), 6), quantity: "1.000" },
      { product_name: "Langostinos lote", code: "T-2", expiry: addDays(today(), 12), quantity: "3.000" },
    ]);

    const exported = await admin.post("/api/export-data/", { sql_table: "OrderDetails", type_archive: "csv" });
    const cells = (line: string) => line.split(";").map((cell) => cell.replace(/^\uFEFF?"?|"$/g, ""));
    const [header, ...rows] = exported.body.trim().split(/\r?\n/).map(cells);
    const column = (name: string) => header!.indexOf(name);
    const row = rows.find((r) => r[column("FK_Orders")] === String(orderId))!;
    expect([row[column("Lot_Code")], row[column("Lot_Expiry")], row[column("Without_Lot")]]).toEqual([
      "T-1, T-2",
      `${formatIsoDate(addDays(today(), 6))}, ${formatIsoDate(addDays(today(), 12))}`,
      "2,000",
    ]);
  });
});

describe("recall", () => {
  it("a lot's trace lists every order that took it with client, phone, delivery date, kilograms and status", async () => {
    const id = (await createProduct(seller, { quantity: 0 })).PK_Products;
    const lot = await received(id, "R-1", addDays(today(), 4), 10);
    const phone = "11 5555-0101";
    const clientId = (await createClient(seller, { name: "Almacén La Esquina", phone })).id;
    const first = await orderOf(id, 2, clientId);
    const second = await orderOf(id, "1,5");
    const undone = await orderOf(id, 1);
    for (const o of [first, second, undone]) expect((await prepared({ order_id: o.orderId })).statusCode).toBe(200);
    expect((await preparer.post("/api/orders/pending/", { order_id: undone.orderId })).statusCode).toBe(200);

    const trace = await seller.get(`/api/lots/${lot.id}/trace/`);
    expect(trace.statusCode).toBe(200);
    expect(trace.json().lot).toMatchObject({ id: lot.id, code: "R-1", product_id: id, remaining: "6.500" });
    const deliveries = trace.json().deliveries as { order_id: number }[];
    expect(deliveries.map((d) => d.order_id).sort()).toEqual([first.orderId, second.orderId].sort());
    expect(deliveries.find((d) => d.order_id === first.orderId)).toEqual({
      order_id: first.orderId,
      client_id: clientId,
      client_name: "Almacén La Esquina",
      client_phone: phone,
      delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      quantity: "2.000",
      status: "Armado",
      status_id: 6,
    });
    expect((await seller.get("/api/lots/999999/trace/")).statusCode).toBe(404);

    // Printable and exportable: the same rows as an es-AR CSV (';', decimal comma, dd/mm/aaaa) and as xlsx.
    const csv = await seller.get(`/api/lots/${lot.id}/trace/file/?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="lote-R-1-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(header).toBe('"Pedido";"Cliente";"Nombre";"Teléfono";"Entrega";"Kilos";"Estado"');
    const firstRow = rows.find((r) => r.startsWith(`${first.orderId};`))!;
    expect(firstRow).toMatch(
      new RegExp(
        `^${first.orderId};${clientId};"Almacén La Esquina";"11 5555-0101";\\d{2}/\\d{2}/\\d{4};2,000;"Armado"$`,
      ),
    );
    expect(rows).toHaveLength(2);
    const xlsx = await seller.get(`/api/lots/${lot.id}/trace/file/?format=xlsx`);
    expect([xlsx.statusCode, xlsx.rawPayload.subarray(0, 2).toString()]).toEqual([200, "PK"]);
    expect((await seller.get("/api/lots/999999/trace/file/")).statusCode).toBe(404);
  });

  it("'Lotes por vencer' lists lots with kilograms left expiring from today to today + N (7 by default), soonest first", async () => {
    const id = (await createProduct(seller, { name: "Merluza lotes por vencer", quantity: 0 })).PK_Products;
    const todayLot = await received(id, "V-HOY", today(), 2);
    const inSeven = await received(id, "V-7", addDays(today(), 7), 2);
    const inEight = await received(id, "V-8", addDays(today(), 8), 2);
    const past = await received(id, "V-PASADO", today(), 2);
    await setExpiry(db(), past.id, addDays(today(), -1));
    const emptied = await received(id, "V-VACIO", addDays(today(), 1), 1);
    const { orderId, line } = await orderOf(id, 1);
    expect(
      (
        await prepared({
          order_id: orderId,
          lines: [{ detailed_product_id: line, lots: [{ lot_id: emptied.id, quantity: 1 }] }],
        })
      ).statusCode,
    ).toBe(200);
    const ofProduct = async (query: string) =>
      ((await preparer.get(`/api/lots/${query}`)).json().results as { product_id: number; code: string }[])
        .filter((l) => l.product_id === id)
        .map((l) => l.code);
    expect(await ofProduct("")).toEqual(["V-HOY", "V-7"]);
    expect(await ofProduct("?expiring_within_days=8")).toEqual(["V-HOY", "V-7", "V-8"]);
    expect(await ofProduct("?expiring_within_days=0")).toEqual(["V-HOY"]);
    const all = (await preparer.get("/api/lots/")).json().results;
    expect(all.find((l: { id: number }) => l.id === todayLot.id)).toEqual({
      id: todayLot.id,
      product_id: id,
      product_name: "Merluza lotes por vencer",
      code: "V-HOY",
      expiry: today(),
      remaining: "2.000",
    });
    expect(inSeven.id).toBeLessThan(inEight.id);
    const bad = await preparer.get("/api/lots/?expiring_within_days=-1");
    expect([bad.statusCode, bad.json().detail]).toEqual([400, LOT_MESSAGES.days]);
  });
});

describe("exact under concurrency", () => {
  it("ten preparers at once never take a lot below zero, and the lots still add up", async () => {
    const id = (await createProduct(seller, { quantity: 0 })).PK_Products;
    await received(id, "K-1", addDays(today(), 1), 5);
    await received(id, "K-2", addDays(today(), 2), 5);
    await received(id, "K-3", addDays(today(), 3), 10);
    await admin.request("PATCH", `/api/product/${id}/update/`, { Quantity: 60 });
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await orderOf(id, 3));
    const preparers = await Promise.all(orders.map(async () => (await signIn(t, "Preparador")).client));
    const answers = await Promise.all(
      orders.map((o, i) => preparers[i]!.post("/api/orders/prepared/", { order_id: o.orderId })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const lines = await Promise.all(orders.map(async (o) => (await detailOf(o.orderId)).products[0]!));
    const grams = (text: string) => Math.round(Number(text) * 1000);
    const fromLots = lines.reduce((s, l) => s + l.lots.reduce((x, lot) => x + grams(lot.quantity), 0), 0);
    const withoutLot = lines.reduce((s, l) => s + grams(l.without_lot ?? "0"), 0);
    expect(fromLots).toBe(20_000);
    expect(withoutLot).toBe(10_000);
    const invariant = await lotInvariant(db(), id);
    expect(invariant).toEqual({ broken: [], received: 20_000, remaining: 0, taken: 20_000 });

    // Half go back to Pendiente while the other half are corrected to a lighter weight, at once.
    await Promise.all(
      orders.map((o, i) =>
        i % 2
          ? preparers[i]!.post("/api/orders/pending/", { order_id: o.orderId })
          : preparers[i]!.post("/api/orders/prepared/", { order_id: o.orderId }),
      ),
    );
    const after = await lotInvariant(db(), id);
    expect(after.broken).toEqual([]);
    expect(after.received - after.remaining).toBe(after.taken);
  });

  it("ten preparers asking the same lot at once: as many as it holds succeed, the others hear the lot named (409)", async () => {
    const id = (await createProduct(seller, { quantity: 40 })).PK_Products;
    const lot = await received(id, "Q-1", addDays(today(), 2), 10);
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await orderOf(id, 3));
    const preparers = await Promise.all(orders.map(async () => (await signIn(t, "Preparador")).client));
    const answers = await Promise.all(
      orders.map((o, i) =>
        preparers[i]!.post("/api/orders/prepared/", {
          order_id: o.orderId,
          lines: [{ detailed_product_id: o.line, lots: [{ lot_id: lot.id, quantity: 3 }] }],
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, a.json().detail])).toEqual(
      Array(7).fill([409, LOT_MESSAGES.notEnough("Q-1", "1 kg", "3 kg")]),
    );
    expect(await lotInvariant(db(), id)).toEqual({ broken: [], received: 10_000, remaining: 1_000, taken: 9_000 });
  });
});
