import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDetail } from "@domain/contracts/orders";
import type { RouteSheet } from "@domain/contracts/courier";
import { centavosToDecimal, toCentavos } from "@domain/money";
import { lineSubtotal } from "@domain/remito";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { confirmOrder, freshDate } from "../../helpers/boards";
import { createClient } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";

let t: TestApp;
let seller: Awaited<ReturnType<typeof signIn>>;
let preparer: ApiClient;
let dispatcher: ApiClient;
let courier: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signIn(t, "Vendedor");
  preparer = (await signIn(t, "Preparador")).client;
  dispatcher = (await signIn(t, "Despachante")).client;
  courier = await signIn(t, "Cadete");
  expect((await dispatcher.post("/api/dispatch/couriers/", { column: 3, user_id: courier.id })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("what the remito and the route sheet print", () => {
  it("an order's detail names its seller and client phone, and its lines' subtotals and shipping add up to its total", async () => {
    const { id: clientId } = await createClient(seller.client, { phone: "011 4253-1234" });
    const id = await confirmOrder(seller.client, { date: freshDate(), clientId });
    const detail = (await dispatcher.get(`/api/orders/${id}/`)).json() as OrderDetail;
    expect([detail.client_phone, detail.seller_name]).toEqual(["011 4253-1234", "Vendedor Prueba"]);
    const lines = detail.products.reduce((sum, line) => sum + lineSubtotal(line), 0);
    expect(lines).toBeGreaterThan(0);
    expect(centavosToDecimal(lines + toCentavos(detail.shipping_cost))).toBe(detail.final_price);
  });

  it("a column's route sheet lists its stops out for delivery in driving order, with what each collects", async () => {
    const date = freshDate();
    const { lat, lng } = t.config.depot;
    const ids: number[] = [];
    // Both paid in cash, the orders' default method.
    for (const offset of [0.03, 0.01]) {
      const id = await confirmOrder(seller.client, { date, latitude: lat - offset, longitude: lng });
      expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
      const cards = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json().cards;
      const version = cards.find((c: { PK_Orders: number }) => c.PK_Orders === id).version;
      await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 3, version });
      ids.push(id);
    }
    expect((await dispatcher.post("/api/dispatch/send-route/", { courier: 3, order_ids: ids })).statusCode).toBe(200);
    const sheet = (
      await dispatcher.get(`/api/dispatch/route-sheet/?column=3&delivery_date=${date}`)
    ).json() as RouteSheet;
    expect(sheet.courier).toBe("Cadete Prueba");
    // Off by default: the sheet prints no temperature box (issue 41).
    expect(sheet.cold_chain).toEqual({ required: false, max_c: -12 });
    // The nearer one first: driving order, not the order they were placed in.
    expect(sheet.stops.map((s) => [s.position, s.order_id])).toEqual([
      [1, ids[1]],
      [2, ids[0]],
    ]);
    const prices = sheet.stops.map((s) => toCentavos(s.Final_Price));
    expect(sheet.to_collect).toBe(centavosToDecimal(prices[0]! + prices[1]!));
    expect(sheet.stops.every((s) => s.phone && s.address && s.pay_method)).toBe(true);

    // A delivered stop has left the courier's hands: it leaves the sheet and its total.
    expect((await courier.client.post("/api/courier/delivered/", { order_id: ids[1] })).statusCode).toBe(200);
    const after = (
      await dispatcher.get(`/api/dispatch/route-sheet/?column=3&delivery_date=${date}`)
    ).json() as RouteSheet;
    expect([after.stops.map((s) => s.order_id), after.to_collect]).toEqual([[ids[0]], centavosToDecimal(prices[1]!)]);
  });

  it("only the office reads a route sheet, of an existing column", async () => {
    expect((await seller.client.get("/api/dispatch/route-sheet/?column=1")).statusCode).toBe(403);
    expect((await courier.client.get("/api/dispatch/route-sheet/?column=1")).statusCode).toBe(403);
    const bad = await dispatcher.get("/api/dispatch/route-sheet/?column=9");
    expect([bad.statusCode, bad.json().detail]).toEqual([400, expect.stringContaining("Cadete inexistente.")]);
    expect((await dispatcher.get("/api/dispatch/route-sheet/?column=1&delivery_date=ayer")).statusCode).toBe(400);
  });
});
