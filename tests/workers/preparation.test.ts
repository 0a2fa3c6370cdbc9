import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, preparationBatches, preparationRenames } from "../../drizzle/schema";
import { markEveryBatchStale } from "../../server/features/preparation/repository";
import { sweepPreparation } from "../../server/features/preparation/sweep";
import { createTestApp, type ApiClient, type TestApp } from "../helpers/app";
import { confirmOrder, freshDate } from "../helpers/boards";
import { signIn } from "../helpers/factories";
import { createClient, createProduct } from "../helpers/catalog";
import { orderDetails, placeOrder } from "../helpers/orders";
import { batchesAreTrue } from "../helpers/preparation";
import { eventually } from "../helpers/worker-process";

let t: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
});
afterAll(() => t.close());

const batchesOf = (date: string) =>
  t.runtime.database.db.select().from(preparationBatches).where(eq(preparationBatches.deliveryDate, date));
const updatesOf = async (date: string) =>
  (
    await t.runtime.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.type, "preparation.updated")))
  ).filter((e) => (e.data as { delivery_date?: string }).delivery_date === date).length;

describe("the preparation sweep, in process", () => {
  it("stores the batches of a burst of orders, with fewer events than orders", async () => {
    const date = freshDate();
    const before = await updatesOf(date);
    await Promise.all(Array.from({ length: 8 }, () => confirmOrder(seller, { date })));
    expect(await eventually(async () => (await batchesOf(date)).flatMap((b) => b.orderIds).length === 8)).toBe(true);
    expect((await batchesOf(date)).map((b) => b.orderIds.length)).toEqual([4, 4]);
    expect((await updatesOf(date)) - before).toBeLessThan(8);
  });

  it("writes and announces nothing when no order changed since the last sweep", async () => {
    const date = freshDate();
    await confirmOrder(seller, { date });
    expect(await eventually(async () => (await batchesOf(date)).length === 1)).toBe(true);
    const { db } = t.runtime.database;
    await sweepPreparation(db, t.config.depot, { wait: true });
    const stored = await batchesOf(date);
    const events = await updatesOf(date);
    expect(await sweepPreparation(db, t.config.depot, { wait: true })).toMatchObject({ groups: 0, changed: 0 });
    expect(await batchesOf(date)).toEqual(stored);
    expect(await updatesOf(date)).toBe(events);
  });

  it("re-batches both groups when a modification moves an order to another day", async () => {
    const [first, second] = [freshDate(), freshDate()];
    const products = {
      kg: (await createProduct(seller, { quantity: 500 })).PK_Products,
      un: (await createProduct(seller, { quantity: 500, isWeighted: false })).PK_Products,
    };
    const ids = [
      await confirmOrder(seller, { date: first }, products),
      await confirmOrder(seller, { date: first }, products),
    ];
    expect(await eventually(async () => (await batchesOf(first)).flatMap((b) => b.orderIds).length === 2)).toBe(true);

    const clientId = (await seller.get(`/api/orders/${ids[1]}/`)).json().client_id as number;
    const lines = [
      { productId: products.kg, units: "1.5", type: "KG" as const },
      { productId: products.un, units: 2, type: "UN" as const },
    ];
    const moved = await placeOrder(seller, clientId, lines, {
      orderData: orderDetails({ date: second }),
      order_id: ids[1],
    });
    expect(moved.statusCode).toBe(200);
    expect(
      await eventually(async () => (await batchesOf(first)).flatMap((b) => b.orderIds).join() === String(ids[0])),
    ).toBe(true);
    expect(
      await eventually(async () => (await batchesOf(second)).flatMap((b) => b.orderIds).join() === String(ids[1])),
    ).toBe(true);
    expect(await batchesAreTrue(t.runtime.database.db, t.config.depot)).toBe(true);
  });

  it("rebuilds after a rename only the batches that show the renamed client, and announces only their group", async () => {
    const [renamedDay, otherDay] = [freshDate(), freshDate()];
    const client = await createClient(seller, { name: "Rotisería La Esquina" });
    const renamedOrder = await confirmOrder(seller, { date: renamedDay, clientId: client.id });
    await confirmOrder(seller, { date: otherDay });
    expect(
      await eventually(
        async () => (await batchesOf(renamedDay)).length === 1 && (await batchesOf(otherDay)).length === 1,
      ),
    ).toBe(true);
    const { db } = t.runtime.database;
    await sweepPreparation(db, t.config.depot, { wait: true });
    const [untouched] = await batchesOf(otherDay);
    const otherEvents = await updatesOf(otherDay);

    await db.execute(sql`update clients set name = 'Rotisería La Esquina de Juan' where id = ${client.id}`);
    expect(await sweepPreparation(db, t.config.depot, { wait: true })).toMatchObject({ groups: 1, changed: 1 });
    const [rebuilt] = await batchesOf(renamedDay);
    expect((rebuilt!.view as { orders: { PK_Orders: number; FK_Clients__Name: string }[] }).orders).toMatchObject([
      { PK_Orders: renamedOrder, FK_Clients__Name: "Rotisería La Esquina de Juan" },
    ]);
    expect(await batchesOf(otherDay)).toEqual([untouched]);
    expect(await updatesOf(otherDay)).toBe(otherEvents);
    expect(await db.select().from(preparationRenames)).toEqual([]);
  });

  it("catches an order edited by hand, and batches deleted by hand, which no event announced, when every group is checked", async () => {
    const [day, movedTo] = [freshDate(), freshDate()];
    const ids = [await confirmOrder(seller, { date: day }), await confirmOrder(seller, { date: day })];
    expect(await eventually(async () => (await batchesOf(day)).flatMap((b) => b.orderIds).length === 2)).toBe(true);
    const { db } = t.runtime.database;
    await db.execute(sql`update orders set delivery_date = ${movedTo} where id = ${ids[1]}`);
    await sweepPreparation(db, t.config.depot, { wait: true });
    expect((await batchesOf(day)).flatMap((b) => b.orderIds)).toEqual(ids);

    expect(await sweepPreparation(db, t.config.depot, { wait: true, everyGroup: true })).toMatchObject({ changed: 2 });
    expect((await batchesOf(day)).flatMap((b) => b.orderIds)).toEqual([ids[0]]);
    expect((await batchesOf(movedTo)).flatMap((b) => b.orderIds)).toEqual([ids[1]]);
    expect(await batchesAreTrue(db, t.config.depot)).toBe(true);
    expect(await sweepPreparation(db, t.config.depot, { wait: true, everyGroup: true })).toMatchObject({
      groups: 0,
      changed: 0,
    });

    // Batches deleted by hand hold fewer orders than their group has: they come back.
    await db.delete(preparationBatches).where(eq(preparationBatches.deliveryDate, movedTo));
    expect(await sweepPreparation(db, t.config.depot, { wait: true, everyGroup: true })).toMatchObject({
      groups: 1,
      changed: 1,
    });
    expect((await batchesOf(movedTo)).flatMap((b) => b.orderIds)).toEqual([ids[1]]);
  });

  it("batches what a bulk load wrote without events, new orders and changed cards, once it marks every batch stale", async () => {
    const day = freshDate();
    const first = await confirmOrder(seller, { date: day });
    expect(await eventually(async () => (await batchesOf(day)).length === 1)).toBe(true);
    const { db } = t.runtime.database;
    // As a restore or an import writes: rows only, no order events.
    await db.execute(sql`
      insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
      select client_id, 1, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products
      from orders, generate_series(1, 2) where id = ${first}`);
    await db.execute(sql`update orders set address = 'Calle Importada 1' where id = ${first}`);
    await markEveryBatchStale(db);

    const shown = async () =>
      (await batchesOf(day)).flatMap((b) => (b.view as { orders: { Address: string }[] }).orders.map((o) => o.Address));
    expect(
      await eventually(async () => (await shown()).length === 3 && (await shown()).includes("Calle Importada 1")),
    ).toBe(true);
    expect(await batchesAreTrue(db, t.config.depot)).toBe(true);
  });
});
