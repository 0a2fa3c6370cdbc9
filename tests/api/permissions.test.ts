import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerSocketMessage } from "@domain/contracts/events";
import { ORDER_MESSAGES } from "@domain/contracts/orders";
import { CAPABILITIES, can, GROUPS, type GroupName } from "@domain/permissions";
import { ApiClient, createTestApp, type TestApp } from "../helpers/app";
import { createClient, createProduct } from "../helpers/catalog";
import { signIn } from "../helpers/factories";
import { orderPayload, placeOrder } from "../helpers/orders";
import { openSocket } from "../helpers/socket";

let t: TestApp;
const clients = {} as Record<GroupName, ApiClient>;

beforeAll(async () => {
  t = await createTestApp();
  for (const group of GROUPS) clients[group] = (await signIn(t, group)).client;
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[^/]+/g, "1");

describe("every API route declares who may call it", () => {
  it("has a permission declaration on each registered route", () => {
    const undeclared = t.app.routeTable.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(t.app.routeTable.length).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });

  it("answers 401 without a token and 403 for each group that may not, on every guarded route", async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      if (route.permission === "public" || !route.permission) continue;
      const url = concrete(route.url);
      const anonymous = await new ApiClient(t.app).request(
        route.method as "GET",
        url,
        route.method === "GET" ? undefined : {},
      );
      if (anonymous.statusCode !== 401) failures.push(`${route.method} ${url} anonymous → ${anonymous.statusCode}`);
      const allowed = CAPABILITIES[route.permission] as readonly string[];
      for (const group of GROUPS) {
        // Logging out ends the session the other routes are swept with: a login of its own.
        const client = route.url === "/api/logout/" ? (await signIn(t, group)).client : clients[group];
        const response = await client.request(route.method as "GET", url, route.method === "GET" ? undefined : {});
        const refused = response.statusCode === 403;
        if (allowed.includes(group) === refused)
          failures.push(`${route.method} ${url} ${group} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("object-level rules on orders", () => {
  let sellers: { a: ApiClient; b: ApiClient };
  let baseUrl: string;
  beforeAll(async () => {
    sellers = { a: (await signIn(t, "Vendedor")).client, b: (await signIn(t, "Vendedor")).client };
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });

  async function orderOf(seller: ApiClient) {
    const { id: clientId } = await createClient(seller);
    const product = await createProduct(seller, { quantity: 20 });
    const line = [{ productId: product.PK_Products, units: 1, type: "KG" as const }];
    const orderId = (await placeOrder(seller, clientId, line)).json().order_id as number;
    return { orderId, clientId, line };
  }

  it("a seller modifies and cancels only the orders they took; Admin any", async () => {
    const own = await orderOf(sellers.a);
    const modifyOwn = await sellers.a.post(
      "/api/order/",
      orderPayload(own.clientId, own.line, { order_id: own.orderId }),
    );
    expect(modifyOwn.statusCode).toBe(200);

    const other = await orderOf(sellers.a);
    const modifyOther = await sellers.b.post(
      "/api/order/",
      orderPayload(other.clientId, other.line, { order_id: other.orderId }),
    );
    expect(modifyOther.statusCode).toBe(403);
    expect(modifyOther.json().detail).toBe(ORDER_MESSAGES.notYours);
    const cancelOther = await sellers.b.post("/api/orders/cancel/", { order_id: other.orderId });
    expect(cancelOther.statusCode).toBe(403);
    expect(cancelOther.json().detail).toBe(ORDER_MESSAGES.notYoursToCancel);
    expect((await sellers.a.get(`/api/orders/${other.orderId}/`)).json().status).toBe("Confirmado");

    expect(
      (await clients.Admin.post("/api/order/", orderPayload(other.clientId, other.line, { order_id: other.orderId })))
        .statusCode,
    ).toBe(200);
    expect((await clients.Admin.post("/api/orders/cancel/", { order_id: other.orderId })).statusCode).toBe(200);
    expect((await sellers.a.post("/api/orders/cancel/", { order_id: own.orderId })).statusCode).toBe(200);
  });

  it("a Cancelado order, its items and its detail reach Admin only; every other group that reads orders gets 404", async () => {
    const { orderId } = await orderOf(sellers.a);
    expect((await sellers.a.post("/api/orders/cancel/", { order_id: orderId })).statusCode).toBe(200);
    for (const group of GROUPS) {
      // A Cadete reads no orders at all (only their own stops): 403 before any lookup.
      const expected = group === "Admin" ? 200 : can(group, "orders.list") ? 404 : 403;
      expect([group, (await clients[group].get(`/api/orders/${orderId}/items/`)).statusCode]).toEqual([
        group,
        expected,
      ]);
      expect([group, (await clients[group].get(`/api/orders/${orderId}/`)).statusCode]).toEqual([group, expected]);
      expect([group, (await clients[group].get(`/api/orders/${orderId}/receipt.png`)).statusCode]).toEqual([
        group,
        expected,
      ]);
    }
    // Moving it is refused as missing too, not as a state conflict that would tell it exists.
    expect((await clients.Preparador.post("/api/orders/pending/", { order_id: orderId })).statusCode).toBe(404);
  });

  it("order.cancelled events reach Admin's socket only", async () => {
    const admin = await signIn(t, "Admin");
    const seller = await signIn(t, "Vendedor");
    const sockets = {
      admin: await openSocket(baseUrl, { token: admin.access }),
      seller: await openSocket(baseUrl, { token: seller.access }),
    };
    await Promise.all(Object.values(sockets).map((s) => s.waitFor((m) => m.type === "ready")));
    const cancelled = await orderOf(seller.client);
    await seller.client.post("/api/orders/cancel/", { order_id: cancelled.orderId });
    const later = await orderOf(seller.client);
    // Events arrive in id order: once the later order's event is in, the cancel's would be too.
    const isEvent = (type: string, orderId: number) => (m: ServerSocketMessage) =>
      m.type === "event" && m.event.type === type && m.event.data.order_id === orderId;
    await sockets.seller.waitFor(isEvent("order.created", later.orderId));
    await sockets.admin.waitFor(isEvent("order.cancelled", cancelled.orderId));
    expect(sockets.seller.events().some((e) => e.type === "order.cancelled")).toBe(false);
    Object.values(sockets).forEach((s) => {
      s.close();
    });
  });

  it("an Idempotency-Key is the sender's: another seller's same key makes another order", async () => {
    const { id: clientId } = await createClient(sellers.a);
    const product = await createProduct(sellers.a, { quantity: 20 });
    const line = [{ productId: product.PK_Products, units: 1, type: "KG" as const }];
    const first = (await placeOrder(sellers.a, clientId, line, {}, "clave-compartida-01")).json().order_id;
    const other = await placeOrder(
      sellers.b,
      clientId,
      [{ productId: product.PK_Products, units: 2, type: "KG" }],
      {},
      "clave-compartida-01",
    );
    expect(other.statusCode).toBe(200);
    expect(other.json().order_id).not.toBe(first);
    expect((await sellers.b.get(`/api/orders/${other.json().order_id}/`)).json().products[0].Amount).toBe("2.000");
    expect((await placeOrder(sellers.a, clientId, line, {}, "clave-compartida-01")).json().order_id).toBe(first);
  });
});
