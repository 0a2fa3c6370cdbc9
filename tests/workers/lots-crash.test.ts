import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "@domain/calendar";
import { toGrams } from "@domain/money";
import { createClient, createProduct } from "../helpers/catalog";
import { embeddedEnv, OPERATOR } from "../helpers/embedded-server";
import { HttpApi } from "../helpers/http-api";
import { placeOrder } from "../helpers/orders";
import { startServer, type ServerProcess } from "../helpers/server-process";

/** A first start initialises PGlite and seeds the demo data: minutes on a loaded machine. Never a measure. */
const PROCESS_TIMEOUT_MS = 300_000;
const ORDERS = 36;
const AT_ONCE = 6;
/** Kilograms each order takes: 36 × 2 = 72 kg against lots of 20 + 15 + 10 kg. */
const KILOS = 2;

const dataDir = mkdtempSync(join(tmpdir(), "frio-lots-crash-"));
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

interface Line {
  Weight: string;
  lots: { lot_id: number; quantity: string }[];
  without_lot: string | null;
}

/**
 * Issue 42's invariant as the API shows it: each lot's remaining is what it received less what
 * the orders' lines hold of it, none below zero; an Armado order's line is covered by its lots
 * and its kilograms without a lot, an order back in Pendiente or not yet prepared holds none.
 */
async function checkInvariant(api: HttpApi, productId: number, orderIds: number[]) {
  const lots = (await api.get(`/api/products/${productId}/lots/`)).json().results as {
    id: number;
    received: string;
    remaining: string;
  }[];
  const held = new Map<number, number>();
  let armado = 0;
  for (const id of orderIds) {
    const detail = (await api.get(`/api/orders/${id}/`)).json() as { status: string; products: Line[] };
    const line = detail.products[0]!;
    const fromLots = line.lots.reduce((sum, lot) => sum + toGrams(lot.quantity), 0);
    for (const lot of line.lots) held.set(lot.lot_id, (held.get(lot.lot_id) ?? 0) + toGrams(lot.quantity));
    if (detail.status === "Armado") {
      armado++;
      expect(fromLots + toGrams(line.without_lot ?? "0"), `order ${id}`).toBe(toGrams(line.Weight));
    } else {
      expect([detail.status, line.lots, line.without_lot], `order ${id}`).toEqual([detail.status, [], null]);
    }
  }
  for (const lot of lots) {
    expect(toGrams(lot.remaining), `lot ${lot.id}`).toBeGreaterThanOrEqual(0);
    expect(toGrams(lot.remaining), `lot ${lot.id}`).toBe(toGrams(lot.received) - (held.get(lot.id) ?? 0));
  }
  return { armado, remaining: lots.reduce((sum, lot) => sum + toGrams(lot.remaining), 0) };
}

describe("lots when the embedded server is killed -9 in the middle of preparations (issue 42)", () => {
  it(
    "every lot still holds received − what live orders took, none below zero, and preparing goes on after the restart",
    async () => {
      const first = await startServer(embeddedEnv(dataDir));
      servers.push(first);
      const api = await HttpApi.signIn(first.url, OPERATOR.username, OPERATOR.password);
      const productId = (await createProduct(api, { name: "Merluza en lotes", quantity: 40 })).PK_Products;
      const today = todayInBuenosAires();
      for (const [code, days, kilos] of [
        ["K-1", 1, 20],
        ["K-2", 5, 15],
        ["K-3", 9, 10],
      ] as const) {
        const answer = await api.post(`/api/products/${productId}/lots/`, {
          code,
          expiry: addDays(today, days),
          quantity: kilos,
        });
        expect(answer.statusCode).toBe(201);
      }
      const { id: clientId } = await createClient(api);
      const orderIds: number[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const placed = await placeOrder(api, clientId, [{ productId, units: KILOS, type: "KG" }]);
        expect(placed.statusCode).toBe(200);
        orderIds.push(placed.json().order_id as number);
      }

      // Lanes of preparers, each order prepared, every third one sent back to Pendiente; killed a third of the way.
      // One sign-in (logins are throttled), each lane its own connection.
      const lanes = Array.from({ length: AT_ONCE }, () => new HttpApi(first.url, api.access));
      let next = 0;
      let answered = 0;
      const lane = async (client: HttpApi) => {
        while (next < orderIds.length) {
          const id = orderIds[next++]!;
          try {
            const done = await client.post("/api/orders/prepared/", { order_id: id });
            if (done.statusCode === 200 && id % 3 === 0) await client.post("/api/orders/pending/", { order_id: id });
            if (++answered === ORDERS / 3) first.child.kill("SIGKILL");
          } catch {
            return;
          }
        }
      };
      await Promise.all(lanes.map(lane));
      await first.exited;
      expect(answered).toBeGreaterThanOrEqual(ORDERS / 3);

      const second = await startServer(embeddedEnv(dataDir));
      servers.push(second);
      const after = await HttpApi.signIn(second.url, OPERATOR.username, OPERATOR.password);
      const crashed = await checkInvariant(after, productId, orderIds);
      expect(crashed.armado).toBeGreaterThan(0);
      expect(crashed.armado).toBeLessThan(ORDERS);

      // Preparing goes on where it stopped: every order Armado, the 45 kg of lots all taken.
      for (const id of orderIds)
        expect((await after.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
      expect(await checkInvariant(after, productId, orderIds)).toEqual({ armado: ORDERS, remaining: 0 });
      second.child.kill("SIGKILL");
    },
    PROCESS_TIMEOUT_MS * 2,
  );
});
