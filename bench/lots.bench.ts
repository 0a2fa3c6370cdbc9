/**
 * A lot's recall trace (issue 42) through the API (HTTP on loopback, auth, validation, JSON)
 * against the SQL that reads the same rows run directly with postgres.js, with 200,000 order
 * lines in the database, each having taken one lot: a typical lot (about 200 orders took it) and
 * the busiest one (2,000 orders). Target: p99 ≤ 50 ms.
 */
import postgres from "postgres";
import { Agent } from "undici";
import { insertBenchUsers, listenBenchApp, signedGet } from "./bench-api";
import { dropBenchDatabase, freshBenchDatabase } from "./bench-database";
import { loadAverages, measureLatency, p99Verdict, printAgainstRaw } from "./latency";

const NAME = "frio_bench_lots";
const CLIENTS = 5_000;
const ORDERS = 100_000;
/** Two lines an order. */
const LINES = ORDERS * 2;
const PRODUCTS = 50;
const LOTS_PER_PRODUCT = 20;
/** Lot 1 is the busiest: this many lines took it; the rest spread evenly over the other lots. */
const BUSY_LINES = 2_000;
const TARGET_MS = 50;

async function seed(sql: postgres.Sql) {
  await sql.unsafe(`
    insert into clients (name, search_name, address, city_id, shipment_id, phone)
    select 'Cliente ' || i, 'cliente ' || i, 'Calle ' || i, 2, 1 + i % 7, '11 5555-' || lpad((i % 10000)::text, 4, '0')
    from generate_series(1, ${CLIENTS}) i`);
  await sql.unsafe(`
    insert into products (name, search_name, quantity, price, unit_weight)
    select 'Producto ' || i, 'producto ' || i, 1000, 1000, 1 from generate_series(1, ${PRODUCTS}) i`);
  await sql.unsafe(`
    insert into lots (product_id, code, expiry, received, remaining)
    select p, 'L-' || p || '-' || k, current_date + k * 7, 100000, 100000
    from generate_series(1, ${PRODUCTS}) p, generate_series(1, ${LOTS_PER_PRODUCT}) k order by p, k`);
  await sql.unsafe(`
    insert into orders (client_id, status_id, delivery_date, shipment_id, times_shipping_id, pay_method_id, address, city_id,
                        total_price, final_price, total_weight)
    select 1 + i % ${CLIENTS}, (array[6, 4, 3, 3])[1 + i % 4], current_date - (i % 365), 1 + i % 7, 1 + i % 3, 1,
           'Calle ' || i, 2, 2000, 2000, 2
    from generate_series(1, ${ORDERS}) i`);
  // Line n of order o: product 1 + (o * 2 + n) % PRODUCTS.
  await sql.unsafe(`
    insert into order_details (order_id, product_id, type, amount, weight, unit_price, total_price)
    select o, 1 + (o * 2 + n) % ${PRODUCTS}, 'KG', 1, 1, 1000, 1000
    from generate_series(1, ${ORDERS}) o, generate_series(0, 1) n order by o, n`);
  // The first BUSY_LINES lines of product 1 took lot 1; every other line a lot of its product by its id.
  await sql.unsafe(`
    insert into order_detail_lots (order_detail_id, order_id, lot_id, quantity)
    select d.id, d.order_id,
           case when d.product_id = 1 and d.id <= (select max(id) from (select id from order_details where product_id = 1
                  order by id limit ${BUSY_LINES}) b) then 1
                else (d.product_id - 1) * ${LOTS_PER_PRODUCT} + 2 + d.id % (${LOTS_PER_PRODUCT} - 1) end,
           1
    from order_details d`);
  await sql.unsafe(`
    update lots l set remaining = l.received - t.taken
    from (select lot_id, sum(quantity) as taken from order_detail_lots group by lot_id) t where t.lot_id = l.id`);
  // As autovacuum leaves tables past its insert threshold: the visibility map set, so the trace's
  // index-only scan of order_detail_lots visits no heap page.
  await sql.unsafe("vacuum analyze");
}

const TRACE = (sql: postgres.Sql, lotId: number) => sql`
  with took as (select order_id, sum(quantity) as quantity from order_detail_lots where lot_id = ${lotId} group by order_id)
  select o.id as order_id, c.id as client_id, c.name as client_name, nullif(c.phone, '') as client_phone,
         o.delivery_date::text as delivery_date, t.quantity::text as quantity, s.name as status, s.id as status_id
  from took t
  cross join lateral (select id, client_id, status_id, delivery_date from orders where id = t.order_id limit 1) o
  cross join lateral (select id, name, phone from clients where id = o.client_id limit 1) c
  join order_statuses s on s.id = o.status_id
  order by o.delivery_date desc, o.id desc`;

export async function run() {
  const { database, url } = await freshBenchDatabase(NAME);
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  await insertBenchUsers(database, 1, ["bench"]);
  const seeded = performance.now();
  await seed(sql);
  const [counts] = await sql`select (select count(*)::int from order_details) as lines,
    (select count(*)::int from order_detail_lots where lot_id = 1) as busy,
    (select count(*)::int from order_detail_lots where lot_id = 2) as typical`;
  console.log(
    `seeded ${counts!.lines} order lines in ${((performance.now() - seeded) / 1000).toFixed(1)} s; lot 1 taken by ${counts!.busy} lines, lot 2 by ${counts!.typical}`,
  );
  if (counts!.lines !== LINES) throw new Error(`expected ${LINES} order lines`);
  const { base, close } = await listenBenchApp(database);
  const agent = new Agent({ connections: 4 });
  const get = await signedGet(base, agent, "bench");
  /** The API's answer for a lot: checked whole once, then timed as a client receives it (status and bytes). */
  const check = async (lotId: number, expected: number) => {
    const { status, body } = await get(`/api/lots/${lotId}/trace/`);
    const deliveries =
      status === 200 ? (JSON.parse(body.toString()) as { deliveries: unknown[] }).deliveries.length : -1;
    if (deliveries !== expected)
      throw new Error(`trace ${lotId}: ${status}, ${deliveries} deliveries, expected ${expected}`);
  };
  const trace = async (lotId: number) => {
    const { status } = await get(`/api/lots/${lotId}/trace/`);
    if (status !== 200) throw new Error(`trace ${lotId}: ${status}`);
  };

  const results = [];
  for (const [label, lotId] of [
    ["typical lot", 2],
    ["busiest lot", 1],
  ] as const) {
    const orders = (await TRACE(sql, lotId)).length;
    await check(lotId, orders);
    const raw = await measureLatency(() => TRACE(sql, lotId));
    const api = await measureLatency(() => trace(lotId));
    printAgainstRaw(`trace, ${label} (${orders} orders)`, api, raw);
    results.push({ label, p99: api.p99 });
  }
  console.log(results.map((r) => `${r.label} p99 ${p99Verdict(r.p99, TARGET_MS)}`).join("; "));
  console.log(`load average: ${loadAverages()}`);

  await close();
  await sql.end();
  await agent.close();
  await database.close();
  await dropBenchDatabase(NAME);
}
