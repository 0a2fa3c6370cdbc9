/**
 * Order submissions per second through the API (load from wrk) (auth, validation, server-side pricing,
 * conditional stock update, order + lines + outbox event in one transaction) against the
 * same SQL transaction driven by pgbench on the same database, in one run.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { hashPassword } from "../server/features/auth/service";
import { insertUser } from "../server/features/users/repository";
import { createRuntime } from "../server/runtime";
import { PROCESSORS } from "../workers/registry";
import { freshBenchDatabase } from "./bench-database";
import { measureCpu } from "./cpu";
import { runWrk } from "./wrk";

const CONCURRENCY = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

// The statements POST /api/order/ runs for a one-line order, written by hand: the read the
// cart is priced against, then the write of the order whole (stock, order, line, event).
const PGBENCH_SCRIPT = `
\\set zone random(1, 7)
\\set slot random(2, 4)
\\set day random(1, 3)
SELECT
  (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price::text, 'unitWeight', p.unit_weight::text, 'ifWeight', p.if_weight, 'promotions', p.promotions))
     FROM products p WHERE p.id = any('{1}'::int[]) AND p.deleted_at IS NULL) AS products,
  (SELECT json_agg(json_build_object('productId', f.product_id, 'quantity', f.quantity::text)) FROM virtual_freezer_items f WHERE f.client_id = 1) AS freezer,
  (SELECT s.name FROM shipments s WHERE s.id = CAST(:zone AS int)) AS zone_name,
  (SELECT s.price::text FROM shipments s WHERE s.id = CAST(:zone AS int)) AS zone_price,
  EXISTS (SELECT 1 FROM cities c WHERE c.id = 2) AS city,
  EXISTS (SELECT 1 FROM times_shipping t WHERE t.id = CAST(:slot AS int)) AS time,
  EXISTS (SELECT 1 FROM pay_methods m WHERE m.id = 1) AS pay,
  EXISTS (SELECT 1 FROM clients c WHERE c.id = 1 AND c.null_date IS NULL) AS client,
  (SELECT json_build_object('id', o.id, 'fingerprint', o.idempotency_fingerprint) FROM orders o WHERE o.seller_id = 1 AND o.idempotency_key = NULL) AS existing;
SELECT order_id, event_id FROM create_order(
  jsonb_build_object('client_id', 1, 'seller_id', 1, 'status_id', 1, 'order_time', '10:00', 'notes', '', 'idempotency_key', NULL,
    'shipment_id', CAST(:zone AS int), 'shipping_cost', '1500.00', 'city_id', 2, 'address', 'Mitre 500', 'latitude', '-34.720000', 'longitude', '-58.250000',
    'times_shipping_id', CAST(:slot AS int), 'delivery_date', current_date + CAST(:day AS int), 'pay_method_id', 1,
    'total_price', '1000.00', 'final_price', '2500.00', 'total_weight', '1.000', 'distinct_products', 1, 'has_fv', false),
  '[{"product_id": 1, "type": "KG", "amount": "1.000", "weight": "1.000", "unit_price": "1000.00", "total_price": "1000.00", "virtual_freezer": false, "promotions": null, "weighted": true}]',
  '[{"product_id": 1, "delta": "1.000"}]', '[]',
  jsonb_build_object('type', 'order.created', 'actor_id', 1, 'data', jsonb_build_object('delivery_date', current_date + CAST(:day AS int), 'status_id', 1)));
`;

export async function run() {
  const { database, url } = await freshBenchDatabase("frio_bench_orders");
  const config = loadConfig({
    DATA_DIR: "/tmp/frio-bench",
    JWT_SECRET: "b".repeat(40),
    LOG_LEVEL: process.env.BENCH_LOG ?? "silent",
  });
  const runtime = await createRuntime(config, PROCESSORS, { database });
  const app = await buildApp({ ...runtime, logger: !!process.env.BENCH_LOG });
  await insertUser(database.db, {
    username: "bench",
    email: "",
    passwordHash: await hashPassword("bench-password"),
    groupId: 2,
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const agent = new Agent({ connections: CONCURRENCY });
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await request(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "csrftoken=bench", "x-csrftoken": "bench", ...headers },
      body: JSON.stringify(body),
      dispatcher: agent,
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${path} ${response.statusCode} ${text}`);
    return JSON.parse(text);
  };
  const { access } = await call("/api/login/", { username: "bench", password: "bench-password" });
  const auth = { authorization: `Bearer ${access}` };
  await call(
    "/api/clients/",
    {
      name: "Cliente Bench",
      address: "Mitre 500",
      city: 2,
      shipment: 1,
      phone: "1",
      latitude: -34.72,
      longitude: -58.25,
    },
    auth,
  );
  await call("/api/products/create/", { name: "Producto Bench", quantity: 900000, price: 1000, unitWeight: 1 }, auth);
  // A day's orders spread as a distributor's are: 7 zones, 3 time slots, the next 3 days.
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const orders = Array.from({ length: 63 }, (_, i) => ({
    orderData: {
      zone: 1 + (i % 7),
      address: "Mitre 500",
      city: { id: 2 },
      time: { id: 2 + (Math.floor(i / 7) % 3) },
      date: day(1 + Math.floor(i / 21)),
      latitude: -34.72,
      longitude: -58.25,
      payment_method: { id: 1 },
    },
    cart: { items: [{ productId: 1, units: 1, type: "KG" }] },
    client_id: 1,
  }));

  const load = {
    url: `${base}/api/order/`,
    method: "POST" as const,
    headers: { "content-type": "application/json", cookie: "csrftoken=bench", "x-csrftoken": "bench", ...auth },
    bodies: orders.map((o) => JSON.stringify(o)),
    connections: CONCURRENCY,
    threads: 2,
  };
  await runWrk({ ...load, seconds: 1 }); // warm-up
  const runOurs = () => runWrk({ ...load, seconds: SECONDS });

  const dir = mkdtempSync(join(tmpdir(), "frio-pgbench-"));
  writeFileSync(join(dir, "order.sql"), PGBENCH_SCRIPT);
  const target = new URL(url);
  // Spawned asynchronously: a blocked event loop would hold any transaction in flight, and its locks, until pgbench ends.
  const runPgbench = async () => {
    // Prepared, as the API's statements are.
    const args = [
      "-n",
      "-M",
      "prepared",
      "-f",
      join(dir, "order.sql"),
      "-c",
      String(CONCURRENCY),
      "-j",
      "2",
      "-T",
      String(SECONDS),
      "-h",
      target.hostname,
      "-p",
      target.port || "5432",
      "-U",
      target.username || "postgres",
      target.pathname.slice(1),
    ];
    const child = spawn("pgbench", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    await once(child, "close");
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
    if (!Number.isFinite(tps)) throw new Error(`pgbench failed: ${output.slice(0, 2000)}`);
    return tps;
  };

  // Rounds alternate so both sides see the same machine: the median of each is reported.
  const ours: number[] = [];
  const theirs: number[] = [];
  const cpu = { ours: { postgres: 0, api: 0, orders: 0 }, theirs: { postgres: 0, orders: 0 } };
  for (let round = 0; round < ROUNDS; round++) {
    const a = await measureCpu(runOurs);
    ours.push(a.result.requestsPerSecond);
    Object.assign(cpu.ours, {
      postgres: cpu.ours.postgres + a.postgresMs,
      api: cpu.ours.api + a.ownMs,
      orders: cpu.ours.orders + a.result.requestsPerSecond * SECONDS,
    });
    const b = await measureCpu(runPgbench);
    theirs.push(b.result);
    Object.assign(cpu.theirs, {
      postgres: cpu.theirs.postgres + b.postgresMs,
      orders: cpu.theirs.orders + b.result * SECONDS,
    });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(", ");
  const perOrder = (ms: number, orders: number) => `${(ms / orders).toFixed(2)} ms`;
  console.log(
    `POST /api/order/:            ${median(ours).toFixed(0)} orders/s median (${list(ours)}; ${CONCURRENCY} clients)`,
  );
  console.log(`pgbench, same transaction:   ${median(theirs).toFixed(0)} orders/s median (${list(theirs)})`);
  console.log(`ratio (ours / pgbench):      ${(median(ours) / median(theirs)).toFixed(3)}  (target ≥ 0.7)`);
  console.log(
    `CPU per order, API run:      Postgres ${perOrder(cpu.ours.postgres, cpu.ours.orders)}, API process ${perOrder(cpu.ours.api, cpu.ours.orders)}`,
  );
  console.log(`CPU per order, pgbench run:  Postgres ${perOrder(cpu.theirs.postgres, cpu.theirs.orders)}`);

  await app.close();
  await runtime.close();
  await agent.close();
}
