import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo, seedReference } from "../../drizzle/seed";
import { rowsOf } from "../../server/db/rows";
import { createTestApp, type TestApp } from "../helpers/app";
import { createUser } from "../helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t, "Vendedor");
  await seedDemo(t.runtime.database.db, { sellerIds: [seller.id], now: new Date("2026-11-22T12:00:00Z") });
});
afterAll(() => t.close());

const query = async <T>(text: string) => rowsOf<T>(await t.runtime.database.db.execute(sql.raw(text)));

describe("seed data", () => {
  it("reference data is idempotent and keeps the spec's fixed ids", async () => {
    await seedReference(t.runtime.database.db);
    await seedReference(t.runtime.database.db);
    expect(await query("select id, name from order_statuses order by id")).toEqual([
      { id: 1, name: "Confirmado" },
      { id: 2, name: "Cancelado" },
      { id: 3, name: "Entregado" },
      { id: 4, name: "Enviado" },
      { id: 5, name: "Pendiente" },
      { id: 6, name: "Armado" },
      { id: 7, name: "Modificado" },
    ]);
    expect(await query("select id, name from times_shipping where id = 1")).toEqual([{ id: 1, name: "SELECCIONE" }]);
    expect(await query("select id, name from pay_methods where id = 1")).toEqual([{ id: 1, name: "Efectivo" }]);
    expect(await query("select id, name, price from shipments where id = 8")).toEqual([
      { id: 8, name: "Lo busca", price: "0.00" },
    ]);
    expect((await query<{ n: number }>("select count(*)::int as n from groups"))[0]!.n).toBe(5);
  });

  it("demo orders cover every status over two weeks, with totals equal to their lines", async () => {
    const statuses = await query<{ status_id: number }>("select distinct status_id from orders order by status_id");
    expect(statuses.map((s) => s.status_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const [span] = await query<{ days: number }>(
      "select (max(delivery_date) - min(delivery_date))::int as days from orders",
    );
    expect(span!.days).toBeGreaterThanOrEqual(13);
    const mismatched = await query(`
      select o.id from orders o join order_details d on d.order_id = o.id
      group by o.id, o.total_price, o.final_price, o.shipping_cost
      having sum(d.total_price) <> o.total_price or o.final_price <> o.total_price + o.shipping_cost`);
    expect(mismatched).toEqual([]);
  });

  it("demo catalogue has weighed, per-unit, featured, secondary, low-stock and promotion products", async () => {
    const [c] = await query<Record<string, number>>(`select
      count(*) filter (where featured)::int as featured,
      count(*) filter (where principal_product_id is not null)::int as secondary,
      count(*) filter (where quantity < 3)::int as low,
      count(*) filter (where promotions <> '0')::int as promos,
      count(*) filter (where not if_weight)::int as unweighed from products`);
    expect(c!.featured).toBeGreaterThan(3);
    expect(c!.secondary).toBeGreaterThan(0);
    expect(c!.low).toBeGreaterThan(3);
    expect(c!.promos).toBeGreaterThan(2);
    expect(c!.unweighed).toBeGreaterThan(0);
  });
});
