import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, addYears, DELIVERY_DATE_MESSAGE, todayInBuenosAires } from "@domain/calendar";
import { DELIVERY_DATE_UNREADABLE } from "@domain/delivery-rules";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { ORDER_MESSAGES } from "@domain/contracts/orders";
import { orderDetails, orderPayload, placeOrder, stockOf } from "../../helpers/orders";

let t: TestApp;
let seller: ApiClient;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
  admin = (await signIn(t, "Admin")).client;
});
afterAll(() => t.close());

describe("submitting an order", () => {
  it("recomputes prices and weights on the server and takes stock", async () => {
    const { id: clientId } = await createClient(seller);
    const kg = await createProduct(seller, { name: "Milanesas pedido", quantity: 10, price: 9800, unitWeight: 1 });
    const un = await createProduct(seller, { name: "Pizza pedido", quantity: 10, price: 8000, unitWeight: 0.5 });
    const response = await placeOrder(seller, clientId, [
      { productId: kg.PK_Products, units: "1,5", type: "KG" },
      { productId: un.PK_Products, units: 3, type: "UN" },
    ]);
    expect(response.statusCode).toBe(200);
    const { order_id } = response.json();
    const detail = (await seller.get(`/api/orders/${order_id}/`)).json();
    // KG 1.5 × 9800 = 14700; UN 3 × 0.5 kg × 8000 = 12000; zone 1 costs 1500.
    expect(detail).toMatchObject({
      total_price: "26700.00",
      shipping_cost: "1500.00",
      final_price: "28200.00",
      total_weight: "3.000",
      status: "Confirmado",
    });
    expect(await stockOf(seller, kg.PK_Products)).toBe("8.500");
    expect(await stockOf(seller, un.PK_Products)).toBe("8.500");
    expect(detail.history.map((h: { type: string }) => h.type)).toEqual(["order.created"]);
  });

  it("refuses a line that does not fit with 409 naming the product, writing nothing", async () => {
    const { id: clientId } = await createClient(seller);
    const plenty = await createProduct(seller, { name: "Abundante", quantity: 50 });
    const scarce = await createProduct(seller, { name: "Escaso", quantity: 1 });
    const before = (await admin.get("/api/orders/?limit=500")).json().results.length;
    const response = await placeOrder(seller, clientId, [
      { productId: plenty.PK_Products, units: 5, type: "KG" },
      { productId: scarce.PK_Products, units: 2, type: "KG" },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: "No cuenta con el stock necesario para este producto.",
      product_id: scarce.PK_Products,
      product_name: "Escaso",
    });
    expect(await stockOf(seller, plenty.PK_Products)).toBe("50.000");
    expect((await admin.get("/api/orders/?limit=500")).json().results.length).toBe(before);
  });

  it("refuses an order for a client that does not exist or was deleted, with 400", async () => {
    const product = await createProduct(seller, { quantity: 10 });
    const line = [{ productId: product.PK_Products, units: 1, type: "KG" as const }];
    const missing = await placeOrder(seller, 999_999, line);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe("El cliente no existe o fue eliminado.");
    const { id: clientId } = await createClient(seller);
    expect((await seller.post(`/api/clients/${clientId}/null_date/`)).statusCode).toBe(200);
    expect((await placeOrder(seller, clientId, line)).statusCode).toBe(400);
    expect(await stockOf(seller, product.PK_Products)).toBe("10.000");
  });

  it("creates one order for the same Idempotency-Key", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 20 });
    const line = [{ productId: product.PK_Products, units: 1, type: "KG" as const }];
    const [a, b] = await Promise.all([
      placeOrder(seller, clientId, line, {}, "clave-idem-0001"),
      placeOrder(seller, clientId, line, {}, "clave-idem-0001"),
    ]);
    expect(a.json().order_id).toBe(b.json().order_id);
    const again = await placeOrder(seller, clientId, line, {}, "clave-idem-0001");
    expect(again.json().order_id).toBe(a.json().order_id);
    expect(await stockOf(seller, product.PK_Products)).toBe("19.000");
  });

  it("refuses an Idempotency-Key reused with another body (422), and still answers the first order to its own body", async () => {
    const { id: clientId } = await createClient(seller);
    const other = await createClient(seller);
    const product = await createProduct(seller, { quantity: 20 });
    const line = (units: number) => [{ productId: product.PK_Products, units, type: "KG" as const }];
    const key = "clave-idem-otra-0001";
    const first = await placeOrder(seller, clientId, line(1), {}, key);
    expect(first.statusCode).toBe(200);
    const orderId = first.json().order_id;

    for (const [label, reused] of [
      ["more units", () => placeOrder(seller, clientId, line(2), {}, key)],
      ["another client", () => placeOrder(seller, other.id, line(1), {}, key)],
      ["other notes", () => placeOrder(seller, clientId, line(1), { orderData: orderDetails({ notes: "otra" }) }, key)],
    ] as const) {
      const response = await reused();
      expect(response.statusCode, label).toBe(422);
      expect(response.json().detail).toBe(ORDER_MESSAGES.keyReused);
    }
    // The same request, its keys in another order and an id as digits: the first answer.
    const same = await placeOrder(seller, clientId, line(1), {}, key);
    expect(same.json().order_id).toBe(orderId);
    const payload = orderPayload(clientId, line(1));
    const reordered = Object.fromEntries(Object.entries({ ...payload, client_id: String(clientId) }).reverse());
    const again = await seller.post("/api/order/", reordered, { "idempotency-key": key });
    expect(again.statusCode).toBe(200);
    expect(again.json().order_id).toBe(orderId);
    expect(await stockOf(seller, product.PK_Products)).toBe("19.000");

    // Two different bodies at once under a new key: one order, the other refused.
    const race = await Promise.all([
      placeOrder(seller, clientId, line(1), {}, "clave-idem-carrera-01"),
      placeOrder(seller, clientId, line(3), {}, "clave-idem-carrera-01"),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const taken = race.find((r) => r.statusCode === 200)!.json().order_id;
    expect((await seller.get(`/api/orders/${taken}/`)).statusCode).toBe(200);
    const units = race[0]!.statusCode === 200 ? 1 : 3;
    expect(await stockOf(seller, product.PK_Products)).toBe(`${19 - units}.000`);
  });

  it("stores a pick-up with city 1, the local address and no delivery cost", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller);
    const response = await placeOrder(seller, clientId, [{ productId: product.PK_Products, units: 1, type: "KG" }], {
      orderData: orderDetails({
        zone: 8,
        address: "",
        city: null,
        latitude: null,
        longitude: null,
        delivery_method: "Retirar del local",
      }),
    });
    const detail = (await seller.get(`/api/orders/${response.json().order_id}/`)).json();
    expect(detail).toMatchObject({
      city_id: 1,
      address: "Retira en el local",
      shipping_cost: "0.00",
      zone: "Lo busca",
      latitude: null,
    });
  });

  it("answers SPEC.md's delivery and confirm messages", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller);
    const line = [{ productId: product.PK_Products, units: 1, type: "KG" as const }];
    const noDetails = await placeOrder(seller, clientId, line, { orderData: null });
    expect(noDetails.json().detail).toBe("Faltan detalles de entrega.");
    const placeholder = await placeOrder(seller, clientId, line, {
      orderData: orderDetails({ time: { id: 1 }, date: "" }),
    });
    expect(placeholder.statusCode).toBe(400);
    expect(placeholder.json()).toMatchObject({
      detail: "Faltan completar campos",
      errors: { time: "Faltan completar campos", date: "Faltan completar campos" },
    });
    const noCoordinates = await placeOrder(seller, clientId, line, { orderData: orderDetails({ latitude: null }) });
    expect(noCoordinates.json().errors.coordinates).toBe("Selecciona una ubicacion en el mapa.");
    const noPayment = await placeOrder(seller, clientId, line, { orderData: orderDetails({ payment_method: null }) });
    expect(noPayment.json().detail).toBe("Seleccione una forma de pago.");
    const badQuantity = await placeOrder(seller, clientId, [
      { productId: product.PK_Products, units: "abc", type: "UN" },
    ]);
    expect(badQuantity.json().detail).toBe("Ingresá una cantidad válida.");
    const empty = await placeOrder(seller, clientId, [{ productId: product.PK_Products, units: 0, type: "KG" }]);
    expect(empty.json().detail).toBe("El pedido no tiene productos.");
    expect(await stockOf(seller, product.PK_Products)).toBe("50.000");
  });

  it("rounds a UN quantity to whole units rather than refusing it", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 50, unitWeight: 0.5 });
    const placed = await placeOrder(seller, clientId, [{ productId: product.PK_Products, units: "2,5", type: "UN" }]);
    expect(placed.statusCode).toBe(200);
    const detail = (await seller.get(`/api/orders/${placed.json().order_id}/`)).json();
    expect(detail.products[0]).toMatchObject({ Type: "UN", Amount: "3.000" });
    expect(await stockOf(seller, product.PK_Products)).toBe("48.500");
  });

  it("reads a delivery date typed with a two-digit year as 19xx above 50 and 20xx otherwise", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller);
    const date = addDays(todayInBuenosAires(), 40);
    const placed = await placeOrder(seller, clientId, [{ productId: product.PK_Products, units: 1, type: "KG" }], {
      orderData: orderDetails({ date: `00${date.slice(2)}` }),
    });
    expect(placed.statusCode).toBe(200);
    expect((await seller.get(`/api/orders/${placed.json().order_id}/`)).json().delivery_date).toBe(date);
  });

  it("takes a delivery date from today to a year ahead (Buenos Aires); a modification may keep its own", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 100 });
    const line = [{ productId: product.PK_Products, units: 1, type: "KG" as const }];
    const today = todayInBuenosAires();
    const at = (date: string, extra: Record<string, unknown> = {}) =>
      placeOrder(seller, clientId, line, { orderData: orderDetails({ date }), ...extra });
    for (const date of [addDays(today, -1), addDays(addYears(today, 1), 1), "2000-01-01", "2100-12-31"]) {
      const refused = await at(date);
      expect([date, refused.statusCode]).toEqual([date, 400]);
      expect(refused.json()).toEqual({ detail: DELIVERY_DATE_MESSAGE, errors: { date: DELIVERY_DATE_MESSAGE } });
    }
    for (const date of ["2025-02-30", "2025-13-01", "0000-01-01", "99999-01-01"]) {
      const refused = await at(date);
      expect([date, refused.statusCode, refused.json().errors]).toEqual([
        date,
        400,
        { date: DELIVERY_DATE_UNREADABLE },
      ]);
    }
    expect((await at(today)).statusCode).toBe(200);
    const placed = await at(addYears(today, 1));
    expect(placed.statusCode).toBe(200);
    // An order whose date has passed: modified, it keeps that date; moved to another past day, it is refused.
    const orderId = placed.json().order_id as number;
    await t.runtime.database.db.execute(sql`update orders set delivery_date = '2020-03-02' where id = ${orderId}`);
    const kept = await at("2020-03-02", { order_id: orderId });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await at("2020-03-03", { order_id: orderId })).json().detail).toBe(DELIVERY_DATE_MESSAGE);
    expect((await seller.get(`/api/orders/${orderId}/`)).json().delivery_date).toBe("2020-03-02");
  });

  it("takes freezer lines from the client's freezer at no cost, never beyond it", async () => {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 5, price: 5000, unitWeight: 1 });
    await seller.post("/api/save_virtual_freezer/", {
      clientId,
      has_virtual_freezer: true,
      items: [{ productId: product.PK_Products, units: 3, type: "KG" }],
    });
    const tooMuch = await placeOrder(seller, clientId, [
      { productId: product.PK_Products, units: 4, type: "KG", virtual_freezer: true },
    ]);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().detail).toBe("No puedes superar la cantidad disponible en el Freezer Virtual.");
    const ok = await placeOrder(seller, clientId, [
      { productId: product.PK_Products, units: 2, type: "KG", virtual_freezer: true },
    ]);
    const detail = (await seller.get(`/api/orders/${ok.json().order_id}/`)).json();
    expect(detail).toMatchObject({ total_price: "0.00" });
    expect(detail.products[0]).toMatchObject({ Virtual_Freezer: true, Unit_Price: "0.00" });
    expect(await stockOf(seller, product.PK_Products)).toBe("5.000");
    const freezer = (await seller.get(`/api/clients/${clientId}/virtual-freezer/`)).json().cart.items;
    expect(freezer[0].Quantity).toBe("1.000");
  });

  it("answers a receipt image named after the client", async () => {
    const { id: clientId } = await createClient(seller, { name: "Clienta Recibo" });
    const product = await createProduct(seller);
    const { order_id } = (
      await placeOrder(seller, clientId, [{ productId: product.PK_Products, units: 1, type: "KG" }])
    ).json();
    const receipt = await seller.get(`/api/orders/${order_id}/receipt.png`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toBe("image/png");
    expect(receipt.headers["content-disposition"]).toContain("Clienta-Recibo");
    expect(receipt.rawPayload.subarray(1, 4).toString()).toBe("PNG");
  });

  it("lets only Admin and Vendedor take orders", async () => {
    const preparer = (await signIn(t, "Preparador")).client;
    expect((await placeOrder(preparer, 1, [])).statusCode).toBe(403);
  });
});
