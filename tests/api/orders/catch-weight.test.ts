import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { sendRouteOf } from "../../helpers/boards";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder, stockOf } from "../../helpers/orders";
import { openSocket, type TestSocket } from "../../helpers/socket";

let t: TestApp;
let seller: ApiClient;
let preparer: ApiClient;
let otherPreparer: ApiClient;
let dispatcher: ApiClient;
let courier: Awaited<ReturnType<typeof signIn>>;
let socket: TestSocket;
beforeAll(async () => {
  t = await createTestApp();
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const signed = await signIn(t, "Vendedor");
  seller = signed.client;
  preparer = (await signIn(t, "Preparador")).client;
  otherPreparer = (await signIn(t, "Preparador")).client;
  dispatcher = (await signIn(t, "Despachante")).client;
  courier = await signIn(t, "Cadete");
  expect((await dispatcher.post("/api/dispatch/couriers/", { column: 3, user_id: courier.id })).statusCode).toBe(200);
  socket = await openSocket(baseUrl, { token: signed.access });
  await socket.waitFor((m) => m.type === "ready");
});
afterAll(async () => {
  socket.close();
  await t.close();
});

interface Line {
  detailed_product_id: number;
  FK_Products: number;
  Type: string;
  Weight: string;
  Picked_Weight: string | null;
  Total_Price: string;
}
interface Detail {
  status: string;
  total_price: string;
  final_price: string;
  shipping_cost: string;
  total_weight: string;
  products: Line[];
  history: { type: string; notes: string[] }[];
}
const detailOf = async (id: number) => (await seller.get(`/api/orders/${id}/`)).json() as Detail;
const prepared = (body: Record<string, unknown>, client = preparer) => client.post("/api/orders/prepared/", body);

/**
 * 2 cajas de pollo of 10 kg nominal each (UN, $1.000,50 per kg: ordered 20 kg, $20.010), a
 * weighed-by-the-kilo line of 1,5 kg of another product that needs no weighing, and a promotion.
 */
async function chickenOrder(stock = 100, tolerance: number | string = 10, date?: string) {
  const { id: clientId } = await createClient(seller);
  const chicken = await createProduct(seller, {
    name: `Pollo entero caja ${Math.random().toString(36).slice(2, 7)}`,
    quantity: stock,
    price: "1000,50",
    unitWeight: 10,
    requiresWeighing: true,
    weightTolerancePct: tolerance,
  });
  const fries = await createProduct(seller, { quantity: 50, price: 2000, unitWeight: 1 });
  const promo = await createProduct(seller, { quantity: 50, price: 5000, unitWeight: 1 });
  await seller.post(`/api/products/update/${promo.PK_Products}/`, {
    name: promo.Name,
    promotions: `${fries.PK_Products}`,
    quantity: 50,
    price: 5000,
    unitWeight: 1,
  });
  const placed = await placeOrder(
    seller,
    clientId,
    [
      { productId: chicken.PK_Products, units: 2, type: "UN" },
      { productId: fries.PK_Products, units: "1,5", type: "KG" },
      { productId: promo.PK_Products, units: 1, type: "PROMO" },
    ],
    date ? { orderData: orderDetails({ date }) } : {},
  );
  expect(placed.statusCode).toBe(200);
  const orderId = placed.json().order_id as number;
  const lines = (await detailOf(orderId)).products;
  const lineOf = (productId: number) => lines.find((l) => l.FK_Products === productId)!.detailed_product_id;
  return {
    orderId,
    chicken: chicken.PK_Products,
    chickenName: chicken.Name,
    fries: fries.PK_Products,
    chickenLine: lineOf(chicken.PK_Products),
    friesLine: lineOf(fries.PK_Products),
    promoLine: lineOf(promo.PK_Products),
  };
}

/** The order's amounts and its chicken stock, to show a refusal changed nothing. */
async function snapshot(orderId: number, chicken: number) {
  const detail = await detailOf(orderId);
  return {
    status: detail.status,
    final: detail.final_price,
    weights: detail.products.map((l) => l.Picked_Weight),
    stock: await stockOf(seller, chicken),
  };
}

const pesos = (text: string) => Math.round(Number(text) * 100);

describe("catch weight at preparation (issue 41)", () => {
  it("refuses 'Preparado!' without a required weight and every bad weight, changing nothing", async () => {
    const o = await chickenOrder();
    const before = await snapshot(o.orderId, o.chicken);
    expect(before).toEqual({ status: "Confirmado", final: before.final, weights: [null, null, null], stock: "80.000" });

    const missing = await prepared({ order_id: o.orderId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(`Falta el peso real de ${o.chickenName}.`);
    const onlyFries = await prepared({
      order_id: o.orderId,
      lines: [{ detailed_product_id: o.friesLine, picked_weight: "1,5" }],
    });
    expect(onlyFries.json().detail).toBe(`Falta el peso real de ${o.chickenName}.`);

    const bad: [unknown, string][] = [
      ["0", `${o.chickenName}: El peso real debe ser mayor a 0.`],
      [-2, `${o.chickenName}: Ingresá un número positivo.`],
      ["19,6001", `${o.chickenName}: Admite hasta 3 decimales.`],
      ["diecinueve", `${o.chickenName}: Ingresá solo números, como 111.000 o 1.234,50.`],
      ["200,001", `El peso real de ${o.chickenName} supera 10 veces lo pedido.`],
    ];
    for (const [picked_weight, message] of bad) {
      const refused = await prepared({
        order_id: o.orderId,
        lines: [{ detailed_product_id: o.chickenLine, picked_weight }],
      });
      expect(refused.statusCode, String(picked_weight)).toBe(400);
      expect(refused.json().detail).toBe(message);
    }
    const other = await chickenOrder();
    const notOurs = await prepared({
      order_id: o.orderId,
      lines: [{ detailed_product_id: other.chickenLine, picked_weight: "19,6" }],
    });
    expect([notOurs.statusCode, notOurs.json().detail]).toEqual([400, "Esa línea no es de este pedido."]);
    const promo = await prepared({
      order_id: o.orderId,
      lines: [{ detailed_product_id: o.promoLine, picked_weight: "1" }],
    });
    expect(promo.statusCode).toBe(400);
    expect(promo.json().detail).toMatch(/no se pesa/);
    const twice = await prepared({
      order_id: o.orderId,
      lines: [
        { detailed_product_id: o.chickenLine, picked_weight: "19,6" },
        { detailed_product_id: o.chickenLine, picked_weight: "19,7" },
      ],
    });
    expect(twice.statusCode).toBe(400);
    for (const body of [
      { order_id: o.orderId, lines: [{ detailed_product_id: o.chickenLine }] },
      { order_id: o.orderId, lines: "x" },
    ])
      expect((await prepared(body)).statusCode).toBe(400);

    const outside = await prepared({
      order_id: o.orderId,
      lines: [{ detailed_product_id: o.chickenLine, picked_weight: "17" }],
    });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().detail).toBe(
      `El peso real de ${o.chickenName} (17 kg) difiere −3 kg (−15 %) de lo pedido (20 kg), fuera de la tolerancia de 10 %.`,
    );
    expect(await snapshot(o.orderId, o.chicken)).toEqual(before);
  });

  it("bills real kg × price, moves the stock by the difference and says so in the history; a correction starts from the ordered weight; Pendiente restores all; weighing again", async () => {
    const o = await chickenOrder();
    const ordered = await detailOf(o.orderId);
    const shipping = pesos(ordered.shipping_cost);
    // 20 kg × $1.000,50 + 1,5 kg × $2.000 + 1 × $5.000
    expect(pesos(ordered.total_price)).toBe(2_001_000 + 300_000 + 500_000);

    const weighed = await prepared({
      order_id: o.orderId,
      lines: [
        { detailed_product_id: o.chickenLine, picked_weight: "19,6" },
        { detailed_product_id: o.friesLine, picked_weight: 1.475 },
      ],
    });
    expect(weighed.json()).toEqual({ success: true, message: `Pedido #${o.orderId} marcado como preparado.` });
    let detail = await detailOf(o.orderId);
    // 19,6 × 1.000,50 = 19.609,80; 1,475 × 2.000 = 2.950
    expect(detail.status).toBe("Armado");
    expect(detail.products.map((l) => [l.Picked_Weight, l.Total_Price])).toEqual([
      ["19.600", "19609.80"],
      ["1.475", "2950.00"],
      [null, "5000.00"],
    ]);
    expect(pesos(detail.total_price)).toBe(1_960_980 + 295_000 + 500_000);
    expect(pesos(detail.final_price)).toBe(1_960_980 + 295_000 + 500_000 + shipping);
    expect(detail.total_weight).toBe("22.075");
    expect(await stockOf(seller, o.chicken)).toBe("80.400");
    expect(await stockOf(seller, o.fries)).toBe("48.525");
    expect(detail.history.at(-1)).toMatchObject({
      type: "order.status_changed",
      notes: [
        `${o.chickenName} — Peso real: 19,6 kg (pedido 20 kg)`,
        expect.stringMatching(/— Peso real: 1,475 kg \(pedido 1,5 kg\)$/),
      ],
    });
    // The /orders row and the boards' card follow live, in the same event.
    const event = await socket.waitFor(
      (m) => m.type === "event" && m.event.type === "order.status_changed" && m.event.data.order_id === o.orderId,
    );
    expect(event.type === "event" && event.event.data).toMatchObject({
      row: { Final_Price: detail.final_price },
      card: { total_weight: "22.075" },
    });
    const listed = (await seller.get(`/api/orders/?search=${o.orderId}`)).json().results;
    expect(listed.find((r: { PK_Orders: number }) => r.PK_Orders === o.orderId).Final_Price).toBe(detail.final_price);

    // A correction of the chicken only: re-priced from the 20 kg ordered, not from 19,6; fries kept.
    expect(
      (await prepared({ order_id: o.orderId, lines: [{ detailed_product_id: o.chickenLine, picked_weight: "20,4" }] }))
        .statusCode,
    ).toBe(200);
    detail = await detailOf(o.orderId);
    expect(detail.products.map((l) => [l.Picked_Weight, l.Total_Price])).toEqual([
      ["20.400", "20410.20"],
      ["1.475", "2950.00"],
      [null, "5000.00"],
    ]);
    expect(pesos(detail.final_price)).toBe(2_041_020 + 295_000 + 500_000 + shipping);
    expect(await stockOf(seller, o.chicken)).toBe("79.600");
    // The same call again without weights changes nothing (as before).
    expect((await prepared({ order_id: o.orderId })).statusCode).toBe(200);
    expect(await stockOf(seller, o.chicken)).toBe("79.600");

    // Back to Pendiente from Armado: weights cleared, price and stock as ordered.
    const pending = await preparer.post("/api/orders/pending/", { order_id: o.orderId });
    expect(pending.json()).toEqual({ success: true, message: `Pedido #${o.orderId} marcado como pendiente.` });
    detail = await detailOf(o.orderId);
    expect(detail.status).toBe("Pendiente");
    expect(detail.products.map((l) => l.Picked_Weight)).toEqual([null, null, null]);
    expect(detail.final_price).toBe(ordered.final_price);
    expect(detail.total_weight).toBe(ordered.total_weight);
    expect([await stockOf(seller, o.chicken), await stockOf(seller, o.fries)]).toEqual(["80.000", "48.500"]);

    // Weighed again, outside the tolerance and confirmed.
    const confirmed = await prepared({
      order_id: o.orderId,
      lines: [{ detailed_product_id: o.chickenLine, picked_weight: "17" }],
      confirm_tolerance: true,
    });
    expect(confirmed.statusCode).toBe(200);
    detail = await detailOf(o.orderId);
    expect(pesos(detail.final_price)).toBe(1_700_850 + 300_000 + 500_000 + shipping);
    expect(await stockOf(seller, o.chicken)).toBe("83.000");
    expect(detail.history.at(-1)!.notes).toEqual([`${o.chickenName} — Peso real: 17 kg (pedido 20 kg)`]);
  });

  it("a real weight above the stock left is refused, and a sent order is no longer weighed or returned to Pendiente", async () => {
    const date = new Date(Date.now() + 86_400_000 * 3).toISOString().slice(0, 10);
    const o = await chickenOrder(20.5, 10, date);
    const short = await prepared({
      order_id: o.orderId,
      lines: [{ detailed_product_id: o.chickenLine, picked_weight: "21" }],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().detail).toBe("No cuenta con el stock necesario para este producto.");
    expect(await snapshot(o.orderId, o.chicken)).toMatchObject({ status: "Confirmado", stock: "0.500" });

    expect(
      (await prepared({ order_id: o.orderId, lines: [{ detailed_product_id: o.chickenLine, picked_weight: "19,6" }] }))
        .statusCode,
    ).toBe(200);
    // The courier collects the weighed amount.
    await sendRouteOf(dispatcher, date, 3, [o.orderId]);
    const route = (await courier.client.get(`/api/courier/route/?delivery_date=${date}`)).json();
    const final = (await detailOf(o.orderId)).final_price;
    expect(route.stops.find((s: { order_id: number }) => s.order_id === o.orderId).Final_Price).toBe(final);

    const again = await prepared({
      order_id: o.orderId,
      lines: [{ detailed_product_id: o.chickenLine, picked_weight: "20" }],
    });
    expect(again.statusCode).toBe(409);
    expect((await preparer.post("/api/orders/pending/", { order_id: o.orderId })).statusCode).toBe(409);
    expect(await snapshot(o.orderId, o.chicken)).toMatchObject({ status: "Enviado", stock: "0.900", final });
  });

  it("two preparers weighing orders of the same product at once leave the stock and money exact", async () => {
    const { id: clientId } = await createClient(seller);
    const chicken = await createProduct(seller, {
      quantity: 100,
      price: "1234,56",
      unitWeight: 10,
      requiresWeighing: true,
    });
    const orders: { id: number; line: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const id = (await placeOrder(seller, clientId, [{ productId: chicken.PK_Products, units: 1, type: "UN" }])).json()
        .order_id as number;
      orders.push({ id, line: (await detailOf(id)).products[0]!.detailed_product_id });
    }
    expect(await stockOf(seller, chicken.PK_Products)).toBe("40.000");
    const weights = ["9,875", "10,125", "9,999", "10,001", "9,5", "10,5"];
    const answers = await Promise.all(
      orders.map((o, i) =>
        prepared(
          { order_id: o.id, lines: [{ detailed_product_id: o.line, picked_weight: weights[i] }] },
          i % 2 ? otherPreparer : preparer,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // 60 kg ordered, 60 kg packed in total.
    expect(await stockOf(seller, chicken.PK_Products)).toBe("40.000");
    const totals = await Promise.all(orders.map(async (o) => (await detailOf(o.id)).products[0]!.Total_Price));
    expect(totals).toEqual(["12191.28", "12499.92", "12344.37", "12346.83", "11728.32", "12962.88"]);

    // The same order weighed by both at once: one after the other, the stock exact for the last.
    const [a, b] = await Promise.all([
      prepared({ order_id: orders[0]!.id, lines: [{ detailed_product_id: orders[0]!.line, picked_weight: "11" }] }),
      otherPreparer.post("/api/orders/pending/", { order_id: orders[0]!.id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const last = await detailOf(orders[0]!.id);
    // From 9,875 kg to 11 kg, or back to the 10 kg ordered.
    const taken = last.products[0]!.Picked_Weight === "11.000" ? 1_125 : 125;
    expect(await stockOf(seller, chicken.PK_Products)).toBe((40 - taken / 1000).toFixed(3));
  });
});
