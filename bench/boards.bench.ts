/**
 * The boards' realtime path and batching:
 * - event → 50 connected boards applying it in place (commit, NOTIFY, outbox relay, Redis
 *   bus, hub, socket, the web's reducer) against a bare Redis publish → subscribe round trip
 *   to 50 subscribers, and the HTTP reads the boards make per event over real drops;
 * - with 10,000 open orders: re-batching all of them with the views the board shows (what a
 *   rename or the first sweep after an upgrade costs) against reading the same rows with
 *   plain SQL; the board read of every date and of one (what a board shows); and the sweep
 *   after one new order, which re-batches only the group that changed;
 * - the bytes a preparation board receives per new order: bench/preparation-bytes.
 */
import { Redis } from "ioredis";
import postgres from "postgres";
import { DispatchBoard } from "@domain/contracts/dispatch";
import { PreparationBoard } from "@domain/contracts/preparation";
import type { EventDataInput } from "@domain/contracts/event-data";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { hashPassword } from "../server/features/auth/service";
import { markEveryBatchStale } from "../server/features/preparation/repository";
import { createPreparationService } from "../server/features/preparation/service";
import { sweepPreparation } from "../server/features/preparation/sweep";
import { insertUser } from "../server/features/users/repository";
import { appendEvent } from "../server/realtime/outbox";
import { createRuntime } from "../server/runtime";
import { PROCESSORS } from "../workers/registry";
import { freshBenchDatabase } from "./bench-database";
import type { ScreensReply, ScreensRequest } from "./board-screens";
import { fmt, monotonicMs, percentiles } from "./latency";
import { startThread } from "./thread";

const BOARDS = 50;
const EVENTS = 200;
const ORDERS = Number(process.env.BENCH_BOARD_ORDERS ?? 10_000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Board reads and sweeps, each repeated: median and slowest. */
const REPEATS = 7;
const spreadOf = (samples: number[]) =>
  `median ${percentiles(samples).p50.toFixed(1)} ms (slowest ${Math.max(...samples).toFixed(1)} ms of ${samples.length})`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

export async function seedOrders(sql: postgres.Sql) {
  await sql.unsafe(`insert into clients (name, search_name, address, city_id, shipment_id, phone)
    select 'cliente ' || i, 'cliente ' || i, 'Calle ' || i, 2, 1 + i % 7, '11' from generate_series(1, 2000) i`);
  await sql.unsafe(`insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
    select 1 + i % 2000, case when i % 5 = 0 then 5 else 1 end, date '2027-06-01' + (i % 3), 2 + i % 3, 1 + i % 7, 'Calle ' || i, 2,
      case when i % 50 = 0 then null else -34.6 - (i * 7919 % 3001) / 10000.0 end, case when i % 50 = 0 then null else -58.3 - (i * 104729 % 2999) / 10000.0 end, 2.5, 2
    from generate_series(1, ${ORDERS}) i`);
  // Two lines an order from 40 products, as distinct_products says: the pick lists are real.
  await sql.unsafe(`with p as (insert into products (name, search_name, price) select 'Producto ' || i, 'producto ' || i, 100 from generate_series(1, 40) i returning id),
      ids as (select array_agg(id order by id) as a from p)
    insert into order_details (order_id, product_id, type, amount)
    select o.id, ids.a[1 + (o.id + k * 7) % 40], 'KG', 1.25 from orders o, ids, generate_series(1, 2) k`);
  await sql.unsafe("analyze");
}

const BOARD_DATE = "2027-05-01";
const DROPS = 50;
const WARMUP = 20;

/** How long the benchmark waits for the screens' next reply before it fails, naming what it waited for. */
const REPLY_WAIT_MS = Number(process.env.BENCH_REPLY_WAIT_MS ?? 60_000);

/**
 * The boards (or the baseline's subscribers) in their own thread: see board-screens.ts. Every
 * wait is bounded: a reply that does not come within REPLY_WAIT_MS, or a board's socket that
 * closes, fails the benchmark instead of leaving it waiting for ever.
 */
function startScreens() {
  const worker = startThread(new URL("./board-screens.ts", import.meta.url));
  interface Waiter {
    resolve(reply: ScreensReply): void;
    reject(error: Error): void;
  }
  const waiting = new Map<ScreensReply["kind"], Waiter[]>();
  const failAll = (error: Error) => {
    for (const waiters of waiting.values()) for (const waiter of waiters.splice(0)) waiter.reject(error);
  };
  worker.on("message", (reply: ScreensReply) => {
    if (reply.kind === "failed") failAll(new Error(`the boards failed: ${reply.reason}`));
    else waiting.get(reply.kind)?.shift()?.resolve(reply);
  });
  /** The worker's next reply of this kind: ask for it before what causes it. */
  const next = <K extends ScreensReply["kind"]>(kind: K) =>
    new Promise<Extract<ScreensReply, { kind: K }>>((resolve, reject) => {
      const waiters = waiting.get(kind) ?? [];
      waiting.set(kind, waiters);
      const waiter: Waiter = {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply as Extract<ScreensReply, { kind: K }>);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const at = waiters.indexOf(waiter);
        if (at >= 0) waiters.splice(at, 1);
        reject(new Error(`no '${kind}' from the boards within ${REPLY_WAIT_MS} ms`));
      }, REPLY_WAIT_MS);
      waiters.push(waiter);
    });
  const ask = <K extends ScreensReply["kind"]>(request: ScreensRequest, kind: K) => {
    const answer = next(kind);
    worker.postMessage(request);
    return answer;
  };
  return { next, ask, stop: () => worker.terminate() };
}
type Screens = ReturnType<typeof startScreens>;

async function rawPubSub(screens: Screens) {
  const publisher = new Redis(REDIS_URL);
  await screens.ask({ kind: "subscribe", url: REDIS_URL, channel: "bench-boards", subscribers: BOARDS }, "subscribed");
  const samples: number[] = [];
  for (let i = 0; i < EVENTS + WARMUP; i++) {
    const received = screens.next("published");
    await publisher.publish("bench-boards", String(monotonicMs()));
    const { latencies } = await received;
    if (i >= WARMUP) samples.push(...latencies);
  }
  publisher.disconnect();
  await screens.ask({ kind: "unsubscribe" }, "unsubscribed");
  return percentiles(samples);
}

/** Armado orders on the boards' date, for real drops. */
async function seedPreparedOrders(sql: postgres.Sql) {
  const [client] =
    await sql`insert into clients (name, search_name, address, city_id, shipment_id, phone) values ('Bar del Puerto', 'bar del puerto', 'Calle 1', 2, 1, '11') returning id`;
  return (
    await sql`insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
      select ${client!.id}, 6, ${BOARD_DATE}, 2, 1, 'Calle ' || i, 2, -34.6 - i * 0.01, -58.4, 2.5, 2 from generate_series(1, 4) i returning id`
  ).map((r) => Number(r.id));
}

/** Waits until the relay has published every event: a board is read on a quiet server. */
export async function relayCaughtUp(sql: postgres.Sql) {
  for (;;) {
    const [row] =
      await sql`select (select last_event_id from outbox_cursor where id = 1) >= (select coalesce(max(id), 0) from order_events) as done`;
    if (row!.done) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The production app (Postgres, Redis) on a fresh bench database, with a client of its own. */
export async function boardsApp(name: string) {
  const { database, url } = await freshBenchDatabase(name);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const config = loadConfig({
    DATA_DIR: "/tmp/frio-bench",
    JWT_SECRET: "b".repeat(40),
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    REDIS_URL,
  });
  const runtime = await createRuntime(config, PROCESSORS, { database, relayIntervalMs: 250 });
  const app = await buildApp({ ...runtime, logger: false });
  return { database, sql, config, runtime, app };
}

export async function run() {
  const { database, sql, config, runtime, app } = await boardsApp("frio_bench_boards");
  let reads = 0;
  app.addHook(
    "onRequest",
    async (request) => void (request.method === "GET" && request.url.startsWith("/api/") && reads++),
  );
  // The dispatcher who drops, and one Despachante per board: the hub keeps at most
  // SOCKETS_PER_USER sockets of one user, and 50 boards on one login lost 30 of them (the
  // drops then waited for ever for boards that never received the event).
  const passwordHash = await hashPassword("bench-password");
  const usernames = ["despacho", ...Array.from({ length: BOARDS }, (_, i) => `tablero${i + 1}`)];
  for (const username of usernames) await insertUser(database.db, { username, email: "", passwordHash, groupId: 4 });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const tokens: string[] = [];
  for (const username of usernames) {
    const login = await app.inject({
      method: "POST",
      url: "/api/login/",
      payload: { username, password: "bench-password" },
    });
    if (login.statusCode !== 200) throw new Error(`login of ${username} refused: ${login.statusCode} ${login.body}`);
    tokens.push(login.json().access);
  }
  const [access, ...boardTokens] = tokens as [string, ...string[]];
  const orderIds = await seedPreparedOrders(sql);

  const screens = startScreens();
  await screens.ask({ kind: "open", base, tokens: boardTokens, date: BOARD_DATE }, "opened");

  // Real drops through the API: every board applies each event in place; the API counts the reads.
  const readsBefore = reads;
  for (let i = 0; i < DROPS; i++) {
    const id = orderIds[i % orderIds.length]!;
    const card = await screens.ask({ kind: "card", orderId: id }, "card");
    const applied = screens.next("applied");
    const response = await app.inject({
      method: "POST",
      url: "/api/dispatch/assign/",
      headers: { authorization: `Bearer ${access}`, "x-csrftoken": "bench", cookie: "csrftoken=bench" },
      payload: { order_id: id, courier: (card.courier + 1) % 4, version: card.version },
    });
    if (response.statusCode !== 200) throw new Error(`drop refused: ${response.statusCode} ${response.body}`);
    await applied;
  }
  const dropReads = reads - readsBefore;
  const truth = DispatchBoard.parse(
    (
      await app.inject({
        method: "GET",
        url: `/api/dispatch/?delivery_date=${BOARD_DATE}`,
        headers: { authorization: `Bearer ${access}` },
      })
    ).json(),
  );
  const { value: agree } = await screens.ask({ kind: "agree", truth: JSON.stringify(truth) }, "agree");
  const lastCard = (
    await database.db.query.orderEvents.findFirst({
      where: (e, { eq }) => eq(e.type, "dispatch.assignment_changed"),
      orderBy: (e, { desc }) => desc(e.id),
    })
  )?.data;

  // Event → websocket: commit a drop's event (its NOTIFY wakes the relay), time each of the 50
  // boards receiving it, from the writer's BEGIN and from its COMMIT returning: an event exists
  // once committed, and the writer's own commit (a WAL flush) is the write's cost, which the
  // bare Redis publish has no counterpart for.
  const fromCommit: number[] = [];
  const fromBegin: number[] = [];
  const commits: number[] = [];
  for (let seq = 0; seq < EVENTS + WARMUP; seq++) {
    const applied = screens.next("applied");
    const begin = monotonicMs();
    await database.db.transaction((tx) =>
      appendEvent(tx, {
        type: "dispatch.assignment_changed",
        actorId: null,
        // The last drop's data again, marked with its sequence number for the screens to answer with.
        data: {
          ...(lastCard as EventDataInput<"dispatch.assignment_changed">),
          seq,
        } as EventDataInput<"dispatch.assignment_changed">,
      }),
    );
    const committed = monotonicMs();
    const { seq: seen, receivedAt } = await applied;
    if (seen !== seq) throw new Error(`boards applied event ${seen} while ${seq} was awaited`);
    if (seq < WARMUP) continue;
    fromCommit.push(...receivedAt.map((at) => at - committed));
    fromBegin.push(...receivedAt.map((at) => at - begin));
    commits.push(committed - begin);
  }
  await screens.ask({ kind: "close" }, "closed");
  const ours = percentiles(fromCommit);
  const begun = percentiles(fromBegin);
  const commit = percentiles(commits);
  const raw = await rawPubSub(screens);
  await screens.stop();
  console.log(
    `event → ${BOARDS} boards, from commit p50 ${fmt(ours.p50)} (Redis pub/sub ${fmt(raw.p50)}, ×${(ours.p50 / raw.p50).toFixed(2)})  p99 ${fmt(ours.p99)} (Redis ${fmt(raw.p99)}, +${fmt(ours.p99 - raw.p99)}; target ≤ +5 ms)`,
  );
  console.log(
    `  from the writer's BEGIN             p50 ${fmt(begun.p50)}  p99 ${fmt(begun.p99)}; the writer's transaction alone (BEGIN, append_event, COMMIT) p50 ${fmt(commit.p50)}  p99 ${fmt(commit.p99)}`,
  );
  console.log(
    `HTTP reads by the ${BOARDS} boards per event  ${(dropReads / DROPS).toFixed(2)} (${dropReads} over ${DROPS} real drops; target 0); every board equal to GET /api/dispatch/ after them: ${agree ? "yes" : "NO"}`,
  );

  // Batching 10k open orders: every view built once (a new view format after an upgrade)…
  await seedOrders(sql);
  const rawStart = performance.now();
  const rows =
    await sql`select id, shipment_id, delivery_date::text as delivery_date, times_shipping_id, latitude, longitude from orders where status_id in (1, 5)`;
  const rawMs = performance.now() - rawStart;
  await markEveryBatchStale(database.db);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const buildStart = performance.now();
  const built = await sweepPreparation(database.db, config.depot, { wait: true });
  const buildMs = performance.now() - buildStart;
  clearInterval(sampler);
  await relayCaughtUp(sql);
  const preparation = createPreparationService({ db: database.db });
  const boardStart = performance.now();
  const boardText = await preparation.board();
  const boardMs = performance.now() - boardStart;
  const board = PreparationBoard.parse(JSON.parse(boardText));
  console.log(
    `every view built (after an upgrade)  ${buildMs.toFixed(0)} ms for ${rows.length} open orders in ${built?.groups} groups → ${board.summary.suggested_groups} batches; peak RSS +${mib(peak - rssBefore)}`,
  );
  console.log(
    `board read, every date              ${boardMs.toFixed(0)} ms for ${board.summary.orders_covered} orders with pick lists (${mib(boardText.length)} of JSON)`,
  );
  // A board is read again and again through the day: the median of several reads, and the slowest.
  const dayReads: number[] = [];
  let dayText = "";
  for (let i = 0; i < REPEATS; i++) {
    const dayStart = performance.now();
    dayText = await preparation.board("2027-06-01");
    dayReads.push(performance.now() - dayStart);
  }
  const day = PreparationBoard.parse(JSON.parse(dayText));
  console.log(
    `board read, one date (what a board shows) ${spreadOf(dayReads)} for ${day.summary.orders_covered} orders with pick lists (target < 50 ms)`,
  );

  // …then what the day costs: one new order in a seeded group, that group re-batched alone or
  // every group batched again (a sweeper's start), and a client renamed. Only what changed
  // gets a new view.
  const addOrder = async () => {
    const [added] =
      await sql`insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
      select client_id, 1, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products from orders where latitude is not null and delivery_date = '2027-06-01' and status_id = 1 order by id limit 1 returning id`;
    await sql`select append_event('order.created', null, ${added!.id}, '{}'::jsonb)`;
  };
  const timeSweeps = async (change: (i: number) => Promise<unknown>, everyGroup: boolean) => {
    const samples: number[] = [];
    let swept: Awaited<ReturnType<typeof sweepPreparation>> = null;
    for (let i = 0; i < REPEATS; i++) {
      await change(i);
      await relayCaughtUp(sql);
      const sweepStart = performance.now();
      swept = await sweepPreparation(database.db, config.depot, { wait: true, everyGroup });
      samples.push(performance.now() - sweepStart);
    }
    return `${spreadOf(samples)}, ${swept?.groups} groups batched again, ${swept?.changed} changed`;
  };
  const perGroup = Math.round(rows.length / (built?.groups ?? 1));
  console.log(
    `sweep after one new order (its group of ~${perGroup})  ${await timeSweeps(addOrder, false)} (target < 100 ms)`,
  );
  console.log(
    `re-batch all ${rows.length} open orders, one new  ${await timeSweeps(addOrder, true)} (SQL read of the rows ${rawMs.toFixed(0)} ms; target < 100 ms)`,
  );
  const renameClient = (i: number) => sql`update clients set name = ${`cliente renombrado ${i}`} where id = 7`;
  console.log(`sweep after a client is renamed     ${await timeSweeps(renameClient, false)}`);

  await app.close();
  await runtime.close();
  await sql.end();
}
