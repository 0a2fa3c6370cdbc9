import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "@domain/calendar";
import type { DailySales, HomeFigures } from "@domain/contracts/home";
import { createHomeService } from "../../../server/features/home/service";
import type { AuthenticatedUser } from "../../../server/features/auth/repository";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder } from "../../helpers/orders";
import { msUntilBatchesTrue } from "../../helpers/preparation";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let ana: Awaited<ReturnType<typeof signIn>>;
let beto: Awaited<ReturnType<typeof signIn>>;
let preparer: ApiClient;
let clientId: number;
let product: number;

const today = () => todayInBuenosAires();
/** A delivery day months away: the order counts for its creation day's sales, not as today's work. */
const later = addDays(todayInBuenosAires(), 200);
// Zone 1 costs 1500.00 to ship; the product 1234.56 a kilogram.
async function order(seller: ApiClient, kg: number | string, date = today(), pay = 1) {
  const response = await placeOrder(seller, clientId, [{ productId: product, units: kg, type: "KG" }], {
    orderData: orderDetails({ date, payment_method: { id: pay, name: pay === 1 ? "Efectivo" : "Transferencia" } }),
  });
  expect(response.statusCode).toBe(200);
  return response.json().order_id as number;
}
const moveTo = (id: number, at: string) =>
  t.runtime.database.db.execute(sql`update orders set create_date = ${at}::timestamptz where id = ${id}`);
const figuresOf = async (client: ApiClient) => {
  const response = await client.get("/api/home/figures/");
  expect(response.statusCode).toBe(200);
  return (response.json() as HomeFigures).figures;
};
const asUser = (user: { id: number; username: string }, group: string): AuthenticatedUser => ({
  ...user,
  firstName: "",
  lastName: "",
  email: "",
  profileImage: null,
  group,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, "Admin");
  ana = await signIn(t, "Vendedor");
  beto = await signIn(t, "Vendedor");
  preparer = (await signIn(t, "Preparador")).client;
  clientId = (await createClient(ana.client, { shipment: 1 })).id;
  product = (await createProduct(ana.client, { quantity: 1000, price: 1234.56, unitWeight: 1 })).PK_Products;
});
afterAll(() => t.close());

describe("sales figures (Admin, Vendedor)", () => {
  it("count today's non-cancelled orders and their Final_Price to the centavo: a Vendedor their own, an Admin everyone's", async () => {
    await order(ana.client, 2); // 2469.12 + 1500 = 3969.12
    await order(ana.client, "1.5"); // 1851.84 + 1500 = 3351.84
    const cancelled = await order(ana.client, 10);
    expect((await ana.client.post("/api/orders/cancel/", { order_id: cancelled })).statusCode).toBe(200);
    await order(beto.client, 1); // 1234.56 + 1500 = 2734.56

    expect(await figuresOf(ana.client)).toMatchObject({
      kind: "sales",
      own: true,
      orders_today: 2,
      sales_today: "7320.96",
    });
    expect(await figuresOf(beto.client)).toMatchObject({
      kind: "sales",
      own: true,
      orders_today: 1,
      sales_today: "2734.56",
    });
    expect(await figuresOf(admin.client)).toMatchObject({
      kind: "sales",
      own: false,
      orders_today: 3,
      sales_today: "10055.52",
    });
  });

  it("compare with the same weekday last week up to the same time of day, in Buenos Aires days", async () => {
    // Wednesday 14 Oct 2026, 12:00 in Buenos Aires (15:00 UTC); a week before, Wednesday 7 Oct.
    const home = createHomeService({ db: t.runtime.database.db, now: () => new Date("2026-10-14T15:00:00Z") });
    // Delivered another day, so they stay out of the preparation figures below.
    const at = async (kg: number, when: string) => moveTo(await order(ana.client, kg, later), when);
    await at(1, "2026-10-14T03:00:00Z"); // 00:00 today: in (2734.56)
    await at(2, "2026-10-07T03:00:00Z"); // 00:00 last week: in (3969.12)
    await at(3, "2026-10-07T14:59:00Z"); // 11:59 last week: in (5203.68)
    await at(4, "2026-10-07T15:01:00Z"); // 12:01 last week: later in the day than now, out
    await at(5, "2026-10-07T02:59:00Z"); // 23:59 the day before: out
    const figures = (await home.figures(asUser(ana, "Vendedor"))).figures;
    expect(figures).toEqual({
      kind: "sales",
      own: true,
      orders_today: 1,
      sales_today: "2734.56",
      orders_last_week: 2,
      sales_last_week: "9172.80",
    });
    expect((await home.figures(asUser(beto, "Vendedor"))).figures).toMatchObject({
      orders_today: 0,
      sales_today: "0.00",
      orders_last_week: 0,
      sales_last_week: "0.00",
    });
  });

  it("chart the last 14 days, oldest first, days without orders at zero", async () => {
    const home = createHomeService({ db: t.runtime.database.db, now: () => new Date("2026-09-20T15:00:00Z") });
    await moveTo(await order(ana.client, 1, later), "2026-09-20T02:00:00Z"); // 23:00 on the 19th in Buenos Aires
    await moveTo(await order(ana.client, 2, later), "2026-09-07T03:00:00Z"); // 00:00 on the 7th: the first day shown
    await moveTo(await order(beto.client, 1, later), "2026-09-07T12:00:00Z");
    await moveTo(await order(ana.client, 3, later), "2026-09-07T02:59:00Z"); // the 6th: too old
    const own = await home.dailySales(asUser(ana, "Vendedor"));
    expect(own.own).toBe(true);
    expect(own.days).toHaveLength(14);
    expect(own.days[0]).toEqual({ date: "2026-09-07", orders: 1, sales: "3969.12" });
    expect(own.days[12]).toEqual({ date: "2026-09-19", orders: 1, sales: "2734.56" });
    expect(own.days[13]).toEqual({ date: "2026-09-20", orders: 0, sales: "0.00" });
    const all = await home.dailySales(asUser(admin, "Admin"));
    expect(all.days[0]).toEqual({ date: "2026-09-07", orders: 2, sales: "6703.68" });
  });

  it("answer the chart over HTTP ending today, and refuse it to the other groups", async () => {
    const response = await ana.client.get("/api/home/sales/");
    expect(response.statusCode).toBe(200);
    const chart = response.json() as DailySales;
    expect(chart.days.at(-1)).toEqual({ date: today(), orders: 2, sales: "7320.96" });
    expect((await preparer.get("/api/home/sales/")).statusCode).toBe(403);
    expect((await new ApiClient(t.app).get("/api/home/figures/")).statusCode).toBe(401);
  });
});

describe("the other groups' day", () => {
  it("Preparador: today's orders and kilograms to prepare and the batches left", async () => {
    const { id: other } = await createClient(ana.client, { shipment: 2 });
    await order(ana.client, "2.25");
    await placeOrder(ana.client, other, [{ productId: product, units: "0.5", type: "KG" }], {
      orderData: orderDetails({ date: today(), zone: 2 }),
    });
    await order(ana.client, 7, addDays(today(), 300)); // another day: not today's work
    expect(await msUntilBatchesTrue(t.runtime.database.db, t.config.depot, 10_000)).not.toBeNull();
    // Today's open orders: 2 + 1.5 + 1 (the sales test) + 2.25 + 0.5 kg.
    expect(await figuresOf(preparer)).toEqual({
      kind: "preparation",
      orders_to_prepare: 5,
      weight_to_prepare: "7.250",
      batches_left: 2,
    });
  });

  it("Despachante: prepared, on the road, delivered and not delivered today; Cadete: stops left and cash to collect", async () => {
    const dispatcher = (await signIn(t, "Despachante")).client;
    const courier = await signIn(t, "Cadete");
    expect((await dispatcher.post("/api/dispatch/couriers/", { column: 1, user_id: courier.id })).statusCode).toBe(200);
    const ids = [
      await order(ana.client, 1),
      await order(ana.client, "0.5"),
      await order(ana.client, 2, today(), 2),
      await order(ana.client, 3),
    ];
    for (const id of ids) expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    const route = ids.slice(0, 3);
    for (const id of route) {
      const cards = (await dispatcher.get(`/api/dispatch/?delivery_date=${today()}`)).json().cards as {
        PK_Orders: number;
        version: number;
      }[];
      const version = cards.find((c) => c.PK_Orders === id)!.version;
      expect((await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 1, version })).statusCode).toBe(
        200,
      );
    }
    expect((await dispatcher.post("/api/dispatch/send-route/", { courier: 1, order_ids: route })).statusCode).toBe(200);
    // Cash stops: 2734.56 and 617.28 + 1500 = 2117.28; the transfer order collects nothing.
    expect(await figuresOf(courier.client)).toEqual({ kind: "courier", stops_left: 3, cash_to_collect: "4851.84" });

    expect(
      (await courier.client.post("/api/courier/delivered/", { order_id: ids[0], amount_received: 2734.5 })).statusCode,
    ).toBe(200);
    expect(
      (await courier.client.post("/api/courier/not-delivered/", { order_id: ids[1], reason: "Ausente" })).statusCode,
    ).toBe(200);
    expect(await figuresOf(courier.client)).toEqual({ kind: "courier", stops_left: 1, cash_to_collect: "0.00" });
    // ids[3] and the not delivered ids[1] wait prepared; ids[2] is on the road.
    expect(await figuresOf(dispatcher)).toEqual({
      kind: "dispatch",
      prepared: 2,
      on_the_road: 1,
      delivered: 1,
      not_delivered: 1,
    });
    const otherCourier = await signIn(t, "Cadete");
    expect(await figuresOf(otherCourier.client)).toEqual({ kind: "courier", stops_left: 0, cash_to_collect: "0.00" });
  });
});
