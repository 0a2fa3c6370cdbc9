/**
 * The client directory kept on the phone (issue 38, docs/decisions/clients/0166-client-directory.md): its size
 * for 5,000 and 20,000 clients — every client with a last order, a quarter of them the seller's
 * clients of the last 90 days with 6 lines each — and the time /api/clients/directory/ takes.
 * The phone keeps the answer as it came (IndexedDB, one entry); beside it the kept queries
 * (2,000 products: 0.58 MB, docs/benchmarks.md `kept-data`) and the shell's precache.
 */
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { Agent } from "undici";
import { insertBenchUsers, listenBenchApp, signedGet } from "./bench-api";
import { freshBenchDatabase } from "./bench-database";

const SIZES = [5_000, 20_000];
/** What else the phone keeps (docs/decisions/offline/0153-offline-kept-data.md): kept queries, shell precache. */
const KEPT_QUERIES_MB = 0.58;
const PRECACHE_MB = 5.1;
const LIMIT_MB = 50;

async function seed(sql: postgres.Sql, clients: number, sellerId: number) {
  await sql.unsafe(`
    insert into products (name, search_name, quantity, price, unit_weight)
    select 'Producto ' || i, 'producto ' || i, 100, 1500 + i, 0.5 from generate_series(1, 2000) i`);
  await sql.unsafe(`
    insert into clients (name, search_name, address, city_id, shipment_id, phone, email, latitude, longitude, has_virtual_freezer, risk_zone)
    select n, lower(n), 'Avenida Hipólito Yrigoyen ' || (100 + i) || ', piso ' || (i % 9) || ' depto B', 2, 1 + i % 7,
      '11 4' || lpad((i % 1000)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
      'cliente' || i || '@almacenes-del-sur.com.ar', -34.72 + (i % 100) / 10000.0, -58.25 - (i % 100) / 10000.0,
      i % 10 = 0, i % 13 = 0
    from (select i, (array['Almacén','Kiosco','Autoservicio','Despensa','Rotisería'])[1 + i % 5] || ' ' ||
      (array['Gómez','Pérez','López','García','Díaz','Torres','Ruiz','Suárez'])[1 + i % 8] || ' ' || i as n
      from generate_series(1, ${clients}) i) s`);
  // Every client has a last order; a quarter were the bench seller's within the 90 days.
  await sql.unsafe(`
    insert into orders (client_id, seller_id, status_id, create_date, delivery_date, times_shipping_id, pay_method_id, shipment_id, city_id)
    select c.id, case when c.id % 4 = 0 then ${sellerId} else null end, 1,
      now() - (case when c.id % 4 = 0 then 10 else 200 end) * interval '1 day', current_date, 2, 1 + c.id % 4, 1, 2
    from clients c`);
  await sql.unsafe(`
    insert into order_details (order_id, product_id, type, amount)
    select o.id, 1 + (o.id * 7 + k * 311) % 2000, 'KG', 1 + k
    from orders o cross join generate_series(1, 6) k`);
  await sql.unsafe("analyze");
}

async function measure(clients: number) {
  const { database, url } = await freshBenchDatabase(`frio_bench_directory_${clients}`);
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  const { base, close } = await listenBenchApp(database);
  const [seller] = await insertBenchUsers(database, 2, ["bench"]);
  await seed(sql, clients, seller!.id);
  const agent = new Agent({ connections: 1 });
  const get = await signedGet(base, agent, "bench");
  const times: number[] = [];
  let body = "";
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    body = (await get("/api/clients/directory/")).body.toString();
    times.push(performance.now() - start);
  }
  const gzip = await get("/api/clients/directory/", { "accept-encoding": "gzip" });
  const wire = gzip.body.byteLength;
  const parsed = JSON.parse(body) as { clients: unknown[]; orders: Record<string, unknown> };
  // IndexedDB keeps strings of Latin-1 characters one byte each (the names' accents are Latin-1).
  const keptMb = Buffer.byteLength(body, "latin1") / 1024 / 1024;
  const total = keptMb + KEPT_QUERIES_MB + PRECACHE_MB;
  times.sort((a, b) => a - b);
  console.log(
    `${String(clients).padStart(6)} clients (${Object.keys(parsed.orders).length} with lines): kept ${keptMb.toFixed(2)} MB` +
      ` (${gzip.headers["content-encoding"] === "gzip" ? `${(wire / 1024).toFixed(0)} KB gzip on the wire` : "not compressed"}),` +
      ` with the kept queries and precache ${total.toFixed(1)} MB (limit ${LIMIT_MB} MB);` +
      ` answer p50 ${times[2]!.toFixed(0)} ms, max ${times[4]!.toFixed(0)} ms`,
  );
  await close();
  await sql.end();
  await agent.close();
}

export async function run() {
  console.log(`load average: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
  for (const clients of SIZES) await measure(clients);
  console.log(`load average: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
}
