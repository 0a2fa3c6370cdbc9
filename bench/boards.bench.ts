/**
 * The boards' realtime path and batching:
 * - event → 50 connected boards applying it in place (commit, NOTIFY, outbox relay, Redis
 *   bus, hub, socket, the web's reducer) against a bare Redis publish → subscribe round trip
 *   to 50 subscribers, and the HTTP reads the boards make per event over real drops;
 * - with 10,000 open orders: re-batching all of them with the views the board shows (what a
 *   rename or the first sweep after an upgrade costs) against reading the same rows with
 *   plain SQL; the board read of every date and of one (what a board shows); and the sweep
 *   after one new order, which re-batches only the group that changed.
 */
import { Redis } from "ioredis";
import postgres from "postgres";
import WebSocket from "ws";
import { groupKey } from "../domain/batching";
import { DispatchBoard, PreparationBoard } from "../domain/contracts/boards";
import { AssignmentChangedData, OrderEventData } from "../domain/contracts/event-data";
import type { AppEvent, ServerSocketMessage } from "../domain/contracts/events";
import { applyAssignment, applyOrderToDispatch } from "../domain/live-dispatch";
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
  // Two lines an order from 40 products, as distinct_products says: the pick lists are real.
  await sql.unsafe(`with p as (insert into products (name, search_name, price) select 'Producto ' || i, 'producto ' || i, 100 from generate_series(1, 40) i returning id),
      ids as (select array_agg(id order by id) as a from p)
    insert into order_details (order_id, product_id, type, amount)
    select o.id, ids.a[1 + (o.id + k * 7) % 40], 'KG', 1.25 from orders o, ids, generate_series(1, 2) k`);
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

const BOARD_DATE = "2027-05-01";
const DROPS = 50;

/**
 * A board as the web holds it: read once over HTTP, then each event applied to it in place
 * with the web's own reducers; only an event it cannot apply would make it read again.
 */
interface LiveBoard {
  socket: WebSocket;
  state(): DispatchBoard;
}

/** The board after `event` as the web's live hooks apply it, or null for an event it cannot apply. */
function applyInPlace(board: DispatchBoard, event: AppEvent): DispatchBoard | null {
  if (event.type === "dispatch.assignment_changed") {
    const drop = AssignmentChangedData.safeParse(event.data);
    return drop.success ? applyAssignment(board, BOARD_DATE, drop.data) : null;
  }
  const order = OrderEventData.safeParse(event.data);
  return order.success ? applyOrderToDispatch(board, BOARD_DATE, order.data) : null;
}

async function openBoards(base: string, token: string, onReceived: (event: AppEvent) => void, onApplied: () => void): Promise<LiveBoard[]> {
  const read = async () => DispatchBoard.parse(await (await fetch(`${base}/api/dispatch/?delivery_date=${BOARD_DATE}`, { headers: { authorization: `Bearer ${token}` } })).json());
  return Promise.all(
    Array.from({ length: BOARDS }, async () => {
      let board = await read();
      const socket = new WebSocket(`${base.replace("http", "ws")}/api/ws`);
      await new Promise<void>((resolve) => {
        socket.on("open", () => socket.send(JSON.stringify({ type: "auth", token })));
        socket.on("message", (raw) => {
          const message = JSON.parse(raw.toString()) as ServerSocketMessage;
          if (message.type === "ready") resolve();
          if (message.type !== "event") return;
          const { event } = message;
          onReceived(event);
          // Each board applies after every socket has had its message: in a browser each board
          // has its own thread, here 50 share one and must not queue behind each other's work.
          setImmediate(() => {
            const applied = applyInPlace(board, event);
            if (applied) board = applied;
            else void read().then((fresh) => (board = fresh));
            onApplied();
          });
        });
      });
      return { socket, state: () => board };
    }),
  );
}

/** Armado orders on the boards' date, for real drops. */
async function seedPreparedOrders(sql: postgres.Sql) {
  const [client] = await sql`insert into clients (name, search_name, address, city_id, shipment_id, phone) values ('Bar del Puerto', 'bar del puerto', 'Calle 1', 2, 1, '11') returning id`;
  return (
    await sql`insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
      select ${client!.id}, 6, ${BOARD_DATE}, 2, 1, 'Calle ' || i, 2, -34.6 - i * 0.01, -58.4, 2.5, 2 from generate_series(1, 4) i returning id`
  ).map((r) => Number(r.id));
}

export async function run() {
  const { database, url } = await freshBenchDatabase("frio_bench_boards");
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const config = loadConfig({ DATA_DIR: "/tmp/frio-bench", JWT_SECRET: "b".repeat(40), LOG_LEVEL: "silent", DATABASE_URL: url, REDIS_URL });
  const runtime = await createRuntime(config, { database, relayIntervalMs: 250 });
  const app = await buildApp({ ...runtime, logger: false });
  let reads = 0;
  app.addHook("onRequest", async (request) => void (request.method === "GET" && request.url.startsWith("/api/") && reads++));
  await insertUser(database.db, { username: "despacho", email: "", passwordHash: await hashPassword("bench-password"), groupId: 4 });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const { access } = (await app.inject({ method: "POST", url: "/api/login/", payload: { username: "despacho", password: "bench-password" } })).json();
  const orderIds = await seedPreparedOrders(sql);

  let delivered = 0;
  const sentAt = new Map<number, number>();
  const committedAt = new Map<number, number>();
  const receipts: { seq: number; at: number }[] = [];
  const boards = await openBoards(
    base,
    access,
    (event) => {
      if (sentAt.has(Number(event.data.seq))) receipts.push({ seq: Number(event.data.seq), at: performance.now() });
    },
    () => delivered++,
  );
  const settle = async (count: number) => {
    while (delivered < count) await new Promise((r) => setImmediate(r));
  };

  // Real drops through the API: every board applies each event in place; the API counts the reads.
  const readsBefore = reads;
  let drops = 0;
  let lastCard: unknown = null;
  for (let i = 0; i < DROPS; i++) {
    const id = orderIds[i % orderIds.length]!;
    const card = boards[0]!.state().cards.find((c) => c.PK_Orders === id)!;
    const expected = delivered + BOARDS;
    const response = await app.inject({ method: "POST", url: "/api/dispatch/assign/", headers: { authorization: `Bearer ${access}`, "x-csrftoken": "bench", cookie: "csrftoken=bench" }, payload: { order_id: id, courier: (card.courier + 1) % 4, version: card.version } });
    if (response.statusCode !== 200) throw new Error(`drop refused: ${response.statusCode} ${response.body}`);
    drops++;
    await settle(expected);
  }
  const dropReads = reads - readsBefore;
  const truth = DispatchBoard.parse((await app.inject({ method: "GET", url: `/api/dispatch/?delivery_date=${BOARD_DATE}`, headers: { authorization: `Bearer ${access}` } })).json());
  const agree = boards.every((b) => JSON.stringify(b.state()) === JSON.stringify(truth));
  lastCard = (await database.db.query.orderEvents.findFirst({ where: (e, { eq }) => eq(e.type, "dispatch.assignment_changed"), orderBy: (e, { desc }) => desc(e.id) }))?.data;

  // Event → websocket: commit a drop's event (its NOTIFY wakes the relay), time each of the 50
  // boards receiving it, from the writer's BEGIN and from its COMMIT returning: an event exists
  // once committed, and the writer's own commit (a WAL flush) is the write's cost, which the
  // bare Redis publish has no counterpart for.
  for (let seq = 0; seq < EVENTS + 20; seq++) {
    const expected = delivered + BOARDS;
    sentAt.set(seq, performance.now());
    await database.db.transaction((tx) => appendEvent(tx, { type: "dispatch.assignment_changed", actorId: null, data: { ...(lastCard as object), seq } }));
    committedAt.set(seq, performance.now());
    await settle(expected);
  }
  const measured = receipts.filter((r) => r.seq >= 20); // the first 20 warm up
  const ours = percentiles(measured.map((r) => r.at - committedAt.get(r.seq)!));
  const fromBegin = percentiles(measured.map((r) => r.at - sentAt.get(r.seq)!));
  const commit = percentiles([...committedAt].filter(([seq]) => seq >= 20).map(([seq, at]) => at - sentAt.get(seq)!));
  boards.forEach((b) => b.socket.close());
  const raw = await rawPubSub();
  console.log(
    `event → ${BOARDS} boards, from commit p50 ${fmt(ours.p50)} (Redis pub/sub ${fmt(raw.p50)}, ×${(ours.p50 / raw.p50).toFixed(2)})  p99 ${fmt(ours.p99)} (Redis ${fmt(raw.p99)}, +${fmt(ours.p99 - raw.p99)}; target ≤ +5 ms)`,
  );
  console.log(`  from the writer's BEGIN             p50 ${fmt(fromBegin.p50)}  p99 ${fmt(fromBegin.p99)}; the writer's transaction alone (BEGIN, append_event, COMMIT) p50 ${fmt(commit.p50)}  p99 ${fmt(commit.p99)}`);
  console.log(`HTTP reads by the ${BOARDS} boards per event  ${(dropReads / drops).toFixed(2)} (${dropReads} over ${drops} real drops; target 0); every board equal to GET /api/dispatch/ after them: ${agree ? "yes" : "NO"}`);

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
  const preparation = createPreparationService({ db: database.db });
  const boardStart = performance.now();
  const boardText = await preparation.board();
  const boardMs = performance.now() - boardStart;
  const board = PreparationBoard.parse(JSON.parse(boardText));
  clearInterval(sampler);
  console.log(
    `re-batch all ${rows.length} open orders   ${batchMs.toFixed(0)} ms in ${groups.size} groups → ${board.summary.suggested_groups} batches (SQL read of the rows ${rawMs.toFixed(0)} ms, ×${(batchMs / rawMs).toFixed(1)}); peak RSS +${mib(peak - rssBefore)}`,
  );
  console.log(`board read, every date              ${boardMs.toFixed(0)} ms for ${board.summary.orders_covered} orders with pick lists (${mib(boardText.length)} of JSON)`);
  const dayStart = performance.now();
  const dayText = await preparation.board("2027-06-01");
  const dayMs = performance.now() - dayStart;
  const day = PreparationBoard.parse(JSON.parse(dayText));
  console.log(`board read, one date (what a board shows) ${dayMs.toFixed(0)} ms for ${day.summary.orders_covered} orders with pick lists (target < 50 ms)`);

  // What the sweep does on a busy day: one more order in one group, that group re-batched alone.
  await sql`update preparation_cursor set last_event_id = (select coalesce(max(id), 0) from order_events), names_changed = false`;
  const [added] = await sql`insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
    select client_id, 1, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products from orders where latitude is not null order by id limit 1 returning id`;
  await sql`select append_event('order.created', null, ${added!.id}, '{}'::jsonb)`;
  const sweepStart = performance.now();
  const swept = await sweepPreparation(database.db, config.depot, { wait: true });
  console.log(`sweep after one new order (re-batch only what changed) ${(performance.now() - sweepStart).toFixed(1)} ms (${swept?.groups} group of ~${Math.round(rows.length / groups.size)} orders re-batched, ${swept?.changed} changed; target < 100 ms)`);

  await app.close();
  await runtime.close();
  await sql.end();
}
