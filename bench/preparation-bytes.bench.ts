/**
 * The bytes a preparation board showing one date receives per new order, with 10,000 open
 * orders (target ≤ 10 KB, the worst order as well as the mean): orders at random points on three
 * dates, then orders joining a group of 300 on a grid of nearby points, one of which sets the
 * nearest-neighbour route off through most of the group; beside what a board received when each
 * event carried its group's whole batches.
 */
import type postgres from "postgres";
import WebSocket from "ws";
import type { ServerSocketMessage } from "@domain/contracts/events";
import { hashPassword } from "../server/features/auth/service";
import { markEveryBatchStale } from "../server/features/preparation/repository";
import { sweepPreparation } from "../server/features/preparation/sweep";
import { insertUser } from "../server/features/users/repository";
import { boardsApp, relayCaughtUp, seedOrders } from "./boards.bench";

const NEW_ORDERS = 30;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A preparation board's socket showing `date`: every message it receives, with its size on the wire. */
async function preparationBoard(base: string, token: string, date: string) {
  const socket = new WebSocket(`${base.replace("http", "ws")}/api/ws`);
  const received: { bytes: number; message: ServerSocketMessage }[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (raw: Buffer) => {
    received.push({ bytes: raw.length, message: JSON.parse(raw.toString()) });
    for (const waiter of waiters) waiter();
  });
  await new Promise((resolve) => socket.on("open", resolve));
  socket.send(JSON.stringify({ type: "auth", token, preparation_date: date }));
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!done()) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  await until(() => received.some((r) => r.message.type === "ready"));
  const seen = (id: number) => received.some((r) => r.message.type === "event" && (r.message.event.id ?? 0) >= id);
  return { received, seen: (id: number) => until(() => seen(id)), close: () => socket.close() };
}

/** Where a new order lands: its date, zone, slot and point. */
interface Arrival {
  day: string;
  shipmentId: number;
  slotId: number;
  latitude: number;
  longitude: number;
}

const random = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
};

/** New orders at random points of the seeded area, on the three dates, zones and slots. */
function scatteredArrivals(): Arrival[] {
  const next = random(42);
  return Array.from({ length: NEW_ORDERS }, (_, i) => ({
    day: `2027-06-0${1 + (i % 3)}`,
    shipmentId: 1 + (i % 7),
    slotId: 2 + (i % 3),
    latitude: -34.6 - next() * 0.3,
    longitude: -58.3 - next() * 0.3,
  }));
}

/** The grid group: 300 orders ~55 m apart on a 15 × 20 grid, a date, zone and slot of their own. */
const GRID = { day: "2027-06-04", shipmentId: 1, slotId: 2, size: 300, columns: 15, step: 0.0005 };
const gridPoint = (i: number) => ({
  latitude: -34.62 - Math.floor(i / GRID.columns) * GRID.step,
  longitude: -58.35 + (i % GRID.columns) * GRID.step,
});
async function seedGrid(sql: postgres.Sql) {
  await sql`insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
    select 1 + i % 2000, 1, ${GRID.day}, ${GRID.slotId}, ${GRID.shipmentId}, 'Calle ' || i, 2,
      -34.62 - (i / ${GRID.columns}::int) * ${GRID.step}::numeric, -58.35 + (i % ${GRID.columns}::int) * ${GRID.step}::numeric, 2.5, 2
    from generate_series(0, ${GRID.size - 1}) i`;
  // Two lines an order from the 40 products, as the seeded orders have.
  await sql`with ids as (select array_agg(id order by id) as a from products)
    insert into order_details (order_id, product_id, type, amount)
    select o.id, ids.a[1 + (o.id + k * 7) % 40], 'KG', 1.25 from orders o, ids, generate_series(1, 2) k
    where o.delivery_date = ${GRID.day}`;
}
/** New orders in the grid group: on a taken grid point, or between four. */
function gridArrivals(): Arrival[] {
  const next = random(7);
  return Array.from({ length: NEW_ORDERS }, (_, i) => {
    const point = gridPoint(Math.floor(next() * GRID.size));
    const between = i % 2 ? GRID.step / 2 : 0;
    return { ...GRID, latitude: point.latitude - between, longitude: point.longitude + between };
  });
}

/**
 * Bytes a preparation board showing one date receives per new order: each order placed, swept
 * and published before the next. Before, every board received every group's whole batches.
 */
async function bytesPerBoard(
  sql: postgres.Sql,
  sweep: () => Promise<unknown>,
  board: Awaited<ReturnType<typeof preparationBoard>>,
  date: string,
  arrivals: Arrival[],
) {
  const start = board.received.length;
  let oldBytes = 0;
  let ownDate = 0;
  const perArrival: number[] = [];
  for (const [i, arrival] of arrivals.entries()) {
    const { day } = arrival;
    const before = board.received.length;
    const added = await sql.begin(async (tx) => {
      const [order] =
        await tx`insert into orders (client_id, status_id, delivery_date, times_shipping_id, shipment_id, address, city_id, latitude, longitude, total_weight, distinct_products)
        values (${1 + i}, 1, ${day}, ${arrival.slotId}, ${arrival.shipmentId}, ${`Calle nueva ${i}`}, 2, ${arrival.latitude}, ${arrival.longitude}, 2.5, 2) returning id`;
      await tx`insert into order_details (order_id, product_id, type, amount) select ${order!.id}, id, 'KG', 1.25 from products order by id limit 2`;
      const [event] =
        await tx`select append_order_event('order.created', null, ${order!.id}, jsonb_build_object('delivery_date', ${day}::text, 'status_id', 1)) as id`;
      return Number(event!.id);
    });
    await sweep();
    await relayCaughtUp(sql);
    // What the full event carried: every batch of the group as the board shows it.
    const [group] = await sql`select coalesce(sum(length(view::text) + 1), 0)::int as bytes from preparation_batches
      where delivery_date = ${day} and shipment_id = ${arrival.shipmentId} and times_shipping_id = ${arrival.slotId}`;
    oldBytes += group!.bytes;
    const [last] =
      await sql`select coalesce(max(id), 0)::int as id from order_events where type = 'preparation.updated' and data->>'delivery_date' = ${date}`;
    await board.seen(Math.max(added, day === date ? last!.id : 0));
    if (day === date) ownDate++;
    perArrival.push(board.received.slice(before).reduce((n, r) => n + r.bytes, 0));
  }
  const events = board.received.slice(start);
  const sum = (type: string) =>
    events.filter((r) => r.message.type === "event" && r.message.event.type === type).reduce((n, r) => n + r.bytes, 0);
  const orderBytes = sum("order.created");
  return {
    perOrder: events.reduce((n, r) => n + r.bytes, 0) / arrivals.length,
    worstOrder: Math.max(...perArrival),
    largestDelta: Math.max(
      0,
      ...events
        .filter((r) => r.message.type === "event" && r.message.event.type === "preparation.updated")
        .map((r) => r.bytes),
    ),
    orderEvents: orderBytes / arrivals.length,
    deltasPerOwnOrder: sum("preparation.updated") / Math.max(1, ownDate),
    oldPerOrder: (orderBytes + oldBytes) / arrivals.length,
    ownDate,
  };
}

export async function run() {
  const { database, sql, config, runtime, app } = await boardsApp("frio_bench_preparation_bytes");
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  await seedOrders(sql);
  await markEveryBatchStale(database.db);
  await sweepPreparation(database.db, config.depot, { wait: true });
  await relayCaughtUp(sql);
  await insertUser(database.db, {
    username: "prepara",
    email: "",
    passwordHash: await hashPassword("bench-password"),
    groupId: 3,
  });
  const preparerLogin = await app.inject({
    method: "POST",
    url: "/api/login/",
    payload: { username: "prepara", password: "bench-password" },
  });
  const token = preparerLogin.json().access;
  const sweepNow = () => sweepPreparation(database.db, config.depot, { wait: true });
  const scatteredSocket = await preparationBoard(base, token, "2027-06-01");
  const bytes = await bytesPerBoard(sql, sweepNow, scatteredSocket, "2027-06-01", scatteredArrivals());
  scatteredSocket.close();
  console.log(
    `bytes per preparation board per new order  mean ${kb(bytes.perOrder)}, worst ${kb(bytes.worstOrder)} (target ≤ 10 KB; full group events to every board: ${kb(bytes.oldPerOrder)}), ${NEW_ORDERS} orders at random points on 3 dates: order events ${kb(bytes.orderEvents)} an order, preparation.updated ${kb(bytes.deltasPerOwnOrder)} per order of the board's date (${bytes.ownDate}), largest ${kb(bytes.largestDelta)}`,
  );
  await seedGrid(sql);
  // Seeded with no event: the every-group check batches it, as after an order edited by hand.
  await sweepPreparation(database.db, config.depot, { wait: true, everyGroup: true });
  await relayCaughtUp(sql);
  const gridSocket = await preparationBoard(base, token, GRID.day);
  const grid = await bytesPerBoard(sql, sweepNow, gridSocket, GRID.day, gridArrivals());
  gridSocket.close();
  console.log(
    `bytes per preparation board per new order, a group of ${GRID.size} on a grid ~55 m apart  mean ${kb(grid.perOrder)}, worst ${kb(grid.worstOrder)} (target ≤ 10 KB; full group events: ${kb(grid.oldPerOrder)}), ${NEW_ORDERS} orders on grid points or between four: order events ${kb(grid.orderEvents)} an order, preparation.updated ${kb(grid.deltasPerOwnOrder)} an order, largest ${kb(grid.largestDelta)}`,
  );

  await app.close();
  await runtime.close();
  await sql.end();
}
