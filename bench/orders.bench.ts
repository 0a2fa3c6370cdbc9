/**
 * Order submissions per second through the API (auth, validation, server-side pricing,
 * conditional stock update, order + lines + outbox event in one transaction) against the
 * same SQL transaction driven by pgbench on the same database, in one run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { hashPassword } from "../server/features/auth/service";
import { insertUser } from "../server/features/users/repository";
import { createRuntime } from "../server/runtime";
import { freshBenchDatabase } from "./bench-database";
import { Worker } from "node:worker_threads";

const CONCURRENCY = 8;
const SECONDS = 10;

// The transaction POST /api/order/ runs for a one-line order, written by hand.
const PGBENCH_SCRIPT = `
BEGIN;
SELECT id, price, unit_weight, if_weight, promotions FROM products WHERE id = 1 AND deleted_at IS NULL;
SELECT id FROM shipments WHERE id = 1;
UPDATE products SET quantity = quantity - 1.000 WHERE id = 1 AND quantity >= 1.000 RETURNING id;
INSERT INTO orders (client_id, seller_id, status_id, order_time, delivery_date, times_shipping_id, shipment_id, shipping_cost, pay_method_id, address, city_id, latitude, longitude, notes, total_price, final_price, total_weight, distinct_products)
  VALUES (1, 1, 1, '10:00', current_date + 1, 2, 1, 1500, 1, 'Mitre 500', 2, -34.72, -58.25, '', 1000, 2500, 1, 1) RETURNING id \\gset
INSERT INTO order_details (order_id, product_id, type, amount, weight, unit_price, total_price, virtual_freezer, weighted)
  VALUES (:id, 1, 'KG', 1, 1, 1000, 1000, false, true);
SELECT pg_advisory_xact_lock(7261002);
INSERT INTO order_events (type, actor_id, order_id, data) VALUES ('order.created', 1, :id, '{}');
COMMIT;
`;

export async function run() {
  const { database, url } = await freshBenchDatabase("frio_bench_orders");
  const config = loadConfig({ DATA_DIR: "/tmp/frio-bench", JWT_SECRET: "b".repeat(40), LOG_LEVEL: "silent" });
  const runtime = await createRuntime(config, { database });
  const app = await buildApp({ ...runtime, logger: false });
  await insertUser(database.db, { username: "bench", email: "", passwordHash: await hashPassword("bench-password"), groupId: 2 });
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
  await call("/api/clients/", { name: "Cliente Bench", address: "Mitre 500", city: 2, shipment: 1, phone: "1", latitude: -34.72, longitude: -58.25 }, auth);
  await call("/api/products/create/", { name: "Producto Bench", quantity: 900000, price: 1000, unitWeight: 1 }, auth);
  const order = {
    orderData: { zone: 1, address: "Mitre 500", city: { id: 2 }, time: { id: 2 }, date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), latitude: -34.72, longitude: -58.25, payment_method: { id: 1 } },
    cart: { items: [{ productId: 1, units: 1, type: "KG" }] },
    client_id: 1,
  };

  const ours = await new Promise<{ requestsPerSecond: number }>((resolve, reject) => {
    // A worker's entry cannot be TypeScript on Node 20: register tsx first, then import it.
    const entry = new URL("./load-worker.ts", import.meta.url).href;
    const boot = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(boot, {
      eval: true,
      workerData: {
        url: `${base}/api/order/`,
        headers: { "content-type": "application/json", cookie: "csrftoken=bench", "x-csrftoken": "bench", ...auth },
        body: JSON.stringify(order),
        durationMs: SECONDS * 1000,
        concurrency: CONCURRENCY,
      },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
  });

  const dir = mkdtempSync(join(tmpdir(), "frio-pgbench-"));
  writeFileSync(join(dir, "order.sql"), PGBENCH_SCRIPT);
  const target = new URL(url);
  const pgbench = spawnSync(
    "pgbench",
    ["-n", "-f", join(dir, "order.sql"), "-c", String(CONCURRENCY), "-j", "2", "-T", String(SECONDS), "-h", target.hostname, "-p", target.port || "5432", "-U", target.username || "postgres", target.pathname.slice(1)],
    { encoding: "utf8" },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(pgbench.stdout)?.[1] ?? NaN);
  console.log(`POST /api/order/:            ${ours.requestsPerSecond.toFixed(0)} orders/s (${CONCURRENCY} clients)`);
  console.log(`pgbench, same transaction:   ${Number.isFinite(tps) ? tps.toFixed(0) : `failed: ${pgbench.stderr.trim()}`} orders/s`);
  console.log(`ratio (ours / pgbench):      ${(ours.requestsPerSecond / tps).toFixed(3)}  (target ≥ 0.5)`);

  await app.close();
  await runtime.close();
  await agent.close();
}
