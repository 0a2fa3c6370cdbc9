import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreparationUpdatedData } from "@domain/contracts/event-data";
import type { PreparationBoard } from "@domain/contracts/preparation";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { confirmOrder, freshDate } from "../../helpers/boards";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { applyEvents } from "../../helpers/preparation";
import { openSocket, type TestSocket } from "../../helpers/socket";

/** Issue 39, item 9: what a preparation board of one date receives for one new order in a group of 300. */
const GROUP = 300;
const TARGET_BYTES = 10 * 1024;
/** 300 orders placed through the API take 5–10 s alone, several times that beside other test files. */
const PLACING_300 = 180_000;

let t: TestApp;
let baseUrl: string;
let preparerToken: string;
let seller: ApiClient;
let preparer: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  seller = (await signIn(t, "Vendedor")).client;
  const signedPreparer = await signIn(t, "Preparador");
  preparer = signedPreparer.client;
  preparerToken = signedPreparer.access;
});
afterAll(async () => {
  await t?.close();
});

type Place = { latitude: number; longitude: number };

/** 300 points ~55 m apart on a 15 × 20 grid south-east of the depot: nearest neighbour meets ties and near-ties all along. */
const grid = (i: number): Place => ({
  latitude: -34.72 - Math.floor(i / 15) * 0.0005,
  longitude: -58.25 + (i % 15) * 0.0005,
});
/** 300 points scattered over the same area, always the same ones. */
function scattered(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
  return (): Place => ({ latitude: -34.72 - next() * 0.01, longitude: -58.25 + next() * 0.007 });
}

/** A board's socket following `date`'s preparation events. */
async function openBoard(date: string) {
  const socket = await openSocket(baseUrl, { token: preparerToken, preparation_date: date });
  await socket.waitFor((m) => m.type === "ready");
  return socket;
}

const boardOf = async (date: string) =>
  (await preparer.get(`/api/preparation/?delivery_date=${date}`)).json() as PreparationBoard;

/** Waits for the sweep that stored the date's group with `count` orders, announced after message `since`. */
const swept = (socket: TestSocket, date: string, count: number, since: number) =>
  socket.waitFor(
    (m) =>
      socket.messages.indexOf(m) >= since &&
      m.type === "event" &&
      m.event.type === "preparation.updated" &&
      m.event.data.delivery_date === date &&
      m.event.data.orders === count,
    60_000,
  );

/**
 * Places a group of 300 orders at `placeOf(i)` in one sweep, then each of `arrivals` one at a
 * time, each swept before the next: the bytes the board's socket received for each, and
 * whether the board following the events equals a fresh read after every one.
 */
async function bytesPerNewOrder(placeOf: (i: number) => Place, arrivals: Place[]) {
  const date = freshDate();
  const clientId = (await createClient(seller)).id;
  const products = {
    kg: (await createProduct(seller, { quantity: 10_000 })).PK_Products,
    un: (await createProduct(seller, { quantity: 10_000, isWeighted: false })).PK_Products,
  };
  const socket = await openBoard(date);
  // The sweeper waits on a held cursor: one sweep batches the whole group.
  await t.runtime.database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from preparation_cursor where id = 1 for update`);
    for (let i = 0; i < GROUP; i++) await confirmOrder(seller, { date, clientId, ...placeOf(i) }, products);
  });
  await swept(socket, date, GROUP, 0);
  let board = await boardOf(date);
  const received: number[] = [];
  const rebuilt: number[] = [];
  const sameAsRead: boolean[] = [];
  for (const [i, place] of arrivals.entries()) {
    const since = socket.messages.length;
    await confirmOrder(seller, { date, clientId, ...place }, products);
    const delta = await swept(socket, date, GROUP + i + 1, since);
    received.push(socket.sizes.slice(since).reduce((sum, bytes) => sum + bytes, 0));
    rebuilt.push(delta.type === "event" ? PreparationUpdatedData.parse(delta.event.data).changed.length : 0);
    board = applyEvents(board, date, socket, since);
    sameAsRead.push(isDeepStrictEqual(board, await boardOf(date)));
  }
  socket.close();
  return { received, rebuilt, batches: board.summary.suggested_groups, sameAsRead };
}

describe("a preparation board's bytes per new order in a group of 300", () => {
  it(
    "stays within 10 KB on a grid of nearby points, and the board following the events equals a fresh read",
    async () => {
      const arrivals = [
        // On a grid point already taken, in the middle of the grid.
        grid(157),
        // Between four grid points.
        { latitude: grid(97).latitude - 0.00025, longitude: grid(97).longitude + 0.00025 },
        // Near the depot's corner, first along the route.
        { latitude: -34.7198, longitude: -58.2502 },
        // Beyond the grid's far corner, last along the route.
        { latitude: grid(GROUP - 1).latitude - 0.0005, longitude: grid(GROUP - 1).longitude + 0.0005 },
        // Between four points of the second row's end: nearest neighbour takes another path
        // through most of the grid after it, so most batches really change (15.6 KB when a
        // rebuilt batch carried its pick list).
        { latitude: grid(29).latitude - 0.00025, longitude: grid(29).longitude + 0.00025 },
      ];
      const { received, rebuilt, batches, sameAsRead } = await bytesPerNewOrder(grid, arrivals);
      expect(sameAsRead).toEqual(arrivals.map(() => true));
      // The worst case is in the series: one order rebuilt most of the group's batches.
      expect(Math.max(...rebuilt), `batches rebuilt: ${rebuilt.join(", ")} of ${batches}`).toBeGreaterThan(batches / 2);
      expect(Math.max(...received), `bytes per new order: ${received.join(", ")}`).toBeLessThanOrEqual(TARGET_BYTES);
    },
    PLACING_300,
  );

  it(
    "stays within 10 KB at scattered points too",
    async () => {
      const points = scattered(42);
      const placed = Array.from({ length: GROUP }, points);
      const { received, sameAsRead } = await bytesPerNewOrder((i) => placed[i]!, Array.from({ length: 4 }, points));
      expect(sameAsRead).toEqual([true, true, true, true]);
      expect(Math.max(...received), `bytes per new order: ${received.join(", ")}`).toBeLessThanOrEqual(TARGET_BYTES);
    },
    PLACING_300,
  );
});
