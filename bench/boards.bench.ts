/**
 * The boards' realtime path and batching:
 * - event → websocket delivery to 50 connected boards (commit, outbox relay, Redis bus,
 *   hub, socket) against a bare Redis publish → subscribe round trip to 50 subscribers;
 * - re-batching 10,000 open orders (read, batch, store, one event per group) and the
 *   board read, against reading the same rows with plain SQL; time and memory.
 */
import { Redis } from "ioredis";
import postgres from "postgres";
import WebSocket from "ws";
import { groupKey } from "../domain/batching";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { hashPassword } from "../server/features/auth/service";
import { recomputeGroups } from "../server/features/preparation/batches";
import { createPreparationService } from "../server/features/preparation/service";
import { sweepPreparation } from "../server/features/preparation/sweep";
import { insertUser } from "../server/features/users/repository";
import { appendEvent } from "../server/realtime/outbox";
import { createRuntime } from "../server/runtime";
import { freshBenchDatabase } from "./bench-database";
import { fmt } from "./latency";

const BOARDS = 50;
const EVENTS = 200;
const ORDERS = Number(process.env.BENCH_BOARD_ORDERS ?? 10_000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

const percentiles = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
};
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function seedOrders(sql: postgres.Sql) {
  await sql.unsafe(`insert into clients (name, search_name, address, city_id, shipment_id, phone)
    select 'cliente ' || i, 'cliente ' || i, 'Calle ' || i, 2, 1 + i % 7, '11' from generate_series(1, 2000) i`);
  await sql.unsafe(`insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
    select 1 + i % 2000, case when i % 5 = 0 then 5 else 1 end, date '2027-06-01' + (i % 3), 2 + i % 3, 1 + i % 7, 'Calle ' || i, 2,
      case when i % 50 = 0 then null else -34.6 - random() * 0.3 end, case when i % 50 = 0 then null else -58.3 - random() * 0.3 end, 2.5, 2
    from generate_series(1, ${ORDERS}) i`);
  await sql.unsafe("analyze");
}

async function rawPubSub() {
  const publisher = new Redis(REDIS_URL);
  const subscribers = Array.from({ length: BOARDS }, () => new Redis(REDIS_URL));
  const samples: number[] = [];
  await Promise.all(subscribers.map((s) => s.subscribe("bench-boards")));
  for (const s of subscribers) s.on("message", (_c, message: string) => samples.push(performance.now() - Number(message)));
  for (let i = 0; i < EVENTS; i++) {
    await publisher.publish("bench-boards", String(performance.now()));
    while (samples.length < (i + 1) * BOARDS) await new Promise((r) => setImmediate(r));
  }
  publisher.disconnect();
  subscribers.forEach((s) => s.disconnect());
  return percentiles(samples);
}

async function connectBoards(base: string, token: string, onEvent: (id: number) => void) {
  return Promise.all(
    Array.from({ length: BOARDS }, () => new Promise<WebSocket>((resolve) => {
      const socket = new WebSocket(`${base.replace("http", "ws")}/api/ws`);
      socket.on("open", () => socket.send(JSON.stringify({ type: "auth", token })));
      socket.on("message", (raw) => {
        const message = JSON.parse(raw.toString());
        if (message.type === "ready") resolve(socket);
        if (message.type === "event") onEvent(message.event.data.seq);
      });
    })),
  );
}

export async function run() {
  const { database, url } = await freshBenchDatabase("frio_bench_boards");
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const config = loadConfig({ DATA_DIR: "/tmp/frio-bench", JWT_SECRET: "b".repeat(40), LOG_LEVEL: "silent", DATABASE_URL: url, REDIS_URL });
  const runtime = await createRuntime(config, { database, relayIntervalMs: 250 });
  const app = await buildApp({ ...runtime, logger: false });
  await insertUser(database.db, { username: "despacho", email: "", passwordHash: await hashPassword("bench-password"), groupId: 4 });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const { access } = (await app.inject({ method: "POST", url: "/api/login/", payload: { username: "despacho", password: "bench-password" } })).json();

  // Event → websocket: commit an event, nudge the relay as a service does, time each of the 50 deliveries.
  const sentAt = new Map<number, number>();
  const samples: number[] = [];
  const sockets = await connectBoards(base, access, (seq) => samples.push(performance.now() - sentAt.get(seq)!));
  for (let seq = 0; seq < EVENTS + 20; seq++) {
    const before = samples.length;
    sentAt.set(seq, performance.now());
    await database.db.transaction((tx) => appendEvent(tx, { type: "dispatch.assignment_changed", actorId: null, data: { seq, columns: {} } }));
    runtime.relay.nudge();
    while (samples.length < before + BOARDS) await new Promise((r) => setImmediate(r));
    if (seq === 19) samples.length = 0; // warm-up
  }
  const ours = percentiles(samples);
  sockets.forEach((s) => s.close());
  const raw = await rawPubSub();
  console.log(
    `event → ${BOARDS} boards            p50 ${fmt(ours.p50)} (Redis pub/sub ${fmt(raw.p50)}, ×${(ours.p50 / raw.p50).toFixed(2)})  p99 ${fmt(ours.p99)} (Redis ${fmt(raw.p99)}, ×${(ours.p99 / raw.p99).toFixed(2)})`,
  );

  // Batching 10k open orders.
  await seedOrders(sql);
  const rawStart = performance.now();
  const rows = await sql`select id, shipment_id, delivery_date::text as delivery_date, times_shipping_id, latitude, longitude from orders where status_id in (1, 5)`;
  const rawMs = performance.now() - rawStart;
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const groups = new Map(rows.map((r) => [groupKey({ zoneId: r.shipment_id, deliveryDate: r.delivery_date, timeSlotId: r.times_shipping_id }), { zoneId: r.shipment_id as number, deliveryDate: String(r.delivery_date), timeSlotId: r.times_shipping_id as number }]));
  const started = performance.now();
  await database.db.transaction((tx) => recomputeGroups(tx, config.depot, [...groups.values()]));
  const batchMs = performance.now() - started;
  const preparation = createPreparationService({ db: database.db, depot: config.depot });
  const boardStart = performance.now();
  const board = await preparation.board();
  const boardMs = performance.now() - boardStart;
  clearInterval(sampler);
  console.log(
    `re-batch ${rows.length} open orders       ${batchMs.toFixed(0)} ms in ${groups.size} groups → ${board.summary.suggested_groups} batches (SQL read of the rows ${rawMs.toFixed(0)} ms, ×${(batchMs / rawMs).toFixed(1)}); peak RSS +${mib(peak - rssBefore)}`,
  );
  console.log(`board read, every date              ${boardMs.toFixed(0)} ms for ${board.summary.orders_covered} orders with pick lists`);
  const dayStart = performance.now();
  const day = await preparation.board("2027-06-01");
  console.log(`board read, one date                ${(performance.now() - dayStart).toFixed(0)} ms for ${day.summary.orders_covered} orders with pick lists`);

  // What the sweep does on a busy day: one more order in one group, that group re-batched alone.
  await sql`update preparation_cursor set last_event_id = (select coalesce(max(id), 0) from order_events)`;
  const [added] = await sql`insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
    select client_id, 1, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products from orders where latitude is not null order by id limit 1 returning id`;
  await sql`select append_event('order.created', null, ${added!.id}, '{}'::jsonb)`;
  const sweepStart = performance.now();
  const swept = await sweepPreparation(database.db, config.depot, { wait: true });
  console.log(`sweep after one new order           ${(performance.now() - sweepStart).toFixed(1)} ms (${swept?.groups} group of ~${Math.round(rows.length / groups.size)} orders re-batched, ${swept?.changed} changed)`);

  await app.close();
  await runtime.close();
  await sql.end();
}
