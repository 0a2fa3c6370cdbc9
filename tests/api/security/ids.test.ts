import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUPS, type GroupName } from "@domain/permissions";
import type { RouteRecord } from "../../../server/plugins/auth";
import { type ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderPayload } from "../../helpers/orders";
import {
  concrete,
  type Json,
  jsonSchema,
  type Path,
  paths,
  type SweepIds,
  sample,
  sessionFor,
  UNKNOWN_ID,
  validRequests,
  withQuery,
  withValue,
} from "../../helpers/route-sweep";

/**
 * Ids are plain decimal digits (issue 39): `GET /api/orders/0x3/` answered order 3 and
 * `POST /api/products/delete/%201/` deleted product 1, because JavaScript reads "0x3", " 1",
 * "3e0", "+3", "3.0" and true as numbers. Every id of every route the app registers (path,
 * query and body) is sent in each of those forms and must be a 400 in Spanish.
 */

let t: TestApp;
const sessions = {} as Record<GroupName, ApiClient>;
let ids: SweepIds;

beforeAll(async () => {
  t = await createTestApp({ redis: true, env: { DEPLOY_COMMAND: "true" } });
  for (const group of GROUPS) {
    const user = await signIn(t, group);
    sessions[group] = user.client;
    if (group === "Vendedor") ids = { ...ids, seller: user.id };
  }
  const client = await createClient(sessions.Admin);
  const product = await createProduct(sessions.Admin, { quantity: 1000 });
  const order = await sessions.Admin.post(
    "/api/order/",
    orderPayload(client.id, [{ productId: product.PK_Products, units: 1, type: "UN" }]),
  );
  expect(order.statusCode, order.body).toBe(200);
  ids = { ...ids, client: client.id, product: product.PK_Products, order: order.json().order_id };
});
afterAll(() => t.close());

/** The loose spellings of an id JavaScript reads as that id (`true` only where JSON carries it). */
const looseForms = (id: number, json: boolean): Json[] => [
  `0x${id.toString(16)}`,
  ` ${id}`,
  `${id} `,
  `${id}e0`,
  `+${id}`,
  `${id}.0`,
  ...(json ? [true] : []),
];

// Fields that hold an id or a code naming a row: `id`, `*_id(s)`, `*Id`, and the legacy names.
const ID_NAME = /^id$|_ids?$|Ids?$|^(city|shipment|zone|product|column|claimType)$/;
const isIdValue = (value: Json) => Number.isInteger(value) || (typeof value === "string" && /^\d+$/.test(value));
/** The field's own name: the last key that is not an array index. */
const nameOf = (path: Path) => String([...path].reverse().find((key) => typeof key === "string") ?? "");

/** A row each path parameter may name, so a loose id read as a number would find it. */
function realId(url: string, name: string): number {
  if (name === "clientId") return ids.client;
  if (name === "productId") return ids.product;
  if (/\/orders\//.test(url)) return ids.order;
  if (/\/products?\//.test(url)) return ids.product;
  if (/client/.test(url)) return ids.client;
  return UNKNOWN_ID;
}

/** A request as the route's session; a session a route ended (logout, deactivation) signs in again. */
async function call(route: RouteRecord, url: string, body?: Json) {
  const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
  const send = () => sessionFor(sessions, route).request(route.method as "POST", url, body as object, headers);
  const response = await send();
  if (response.statusCode !== 401 || route.permission === "public") return response;
  const group = (Object.keys(sessions) as GroupName[]).find((g) => sessions[g] === sessionFor(sessions, route))!;
  sessions[group] = (await signIn(t, group)).client;
  return send();
}

// A validation message in English (zod's own) would mean the id reached no Spanish rule.
const spanish = (detail: unknown) => typeof detail === "string" && detail !== "" && !/invalid|expected/i.test(detail);

describe("ids are plain decimal digits on every route", () => {
  it("answers 400 in Spanish to a loose id in any path, query or body of every registered route", async () => {
    const known = validRequests(ids);
    const accepted: string[] = [];
    const checked = new Set<string>();
    const routes = t.app.routeTable.filter((r) => r.url !== "/api/ws" && !r.url.startsWith("/api/docs"));
    expect(routes.length).toBeGreaterThan(60);

    async function expectRefused(route: RouteRecord, url: string, body: Json, field: string, form: Json) {
      checked.add(`${route.method} ${route.url} ${field}`);
      const response = await call(route, url, body);
      const answer = response.statusCode === 400 ? response.json() : null;
      if (!answer || !spanish(answer.detail))
        accepted.push(`${route.method} ${url} ${field}=${JSON.stringify(form)} → ${response.statusCode}`);
      return answer;
    }

    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const fixture = known[key] ?? {};
      const schemas = (route.schema ?? {}) as Record<string, unknown>;
      const query = (fixture.query ??
        (sample(jsonSchema(schemas.querystring) ?? {}) as Record<string, string> | undefined) ??
        {}) as Record<string, string>;
      const body = fixture.body ?? (schemas.body ? sample(jsonSchema(schemas.body)!) : undefined);
      const params = Object.fromEntries(
        (route.url.match(/:([^/]+)/g) ?? []).map((p) => [p.slice(1), fixture.params?.[p.slice(1)] ?? "1"]),
      );
      const paramSchema = (jsonSchema(schemas.params)?.properties ?? {}) as Record<string, { format?: string }>;

      for (const name of Object.keys(params)) {
        if (!ID_NAME.test(name) || paramSchema[name]?.format === "uuid") continue;
        for (const form of looseForms(realId(route.url, name), false)) {
          const url = concrete(route.url, { ...params, [name]: encodeURIComponent(String(form)) });
          await expectRefused(route, url, body, `:${name}`, form);
        }
      }
      const base = concrete(
        route.url,
        Object.fromEntries(Object.keys(params).map((p) => [p, String(realId(route.url, p))])),
      );
      for (const [name, value] of Object.entries(query)) {
        if (!ID_NAME.test(name) || !isIdValue(value)) continue;
        for (const form of looseForms(Number(value), false))
          await expectRefused(route, withQuery(base, { ...query, [name]: String(form) }), body, `?${name}`, form);
      }
      if (body === undefined) continue;
      const url = Object.keys(query).length ? withQuery(base, query) : base;
      const baseline = await call(route, url, body);
      for (const path of paths(body)) {
        const leaf = path.reduce<Json>((value, k) => (value as Record<string | number, Json>)[k], body);
        if (!ID_NAME.test(nameOf(path)) || !isIdValue(leaf)) continue;
        for (const form of looseForms(Number(leaf), true)) {
          const answer = await expectRefused(route, url, withValue(body, path, form), path.join("."), form);
          // A body refused anyway (sampled, not a real row) must name the id itself.
          if (answer && baseline.statusCode === 400 && !answer.errors?.[path.join(".")])
            accepted.push(
              `${route.method} ${url} ${path.join(".")}=${JSON.stringify(form)}: not named in ${JSON.stringify(answer.errors)}`,
            );
        }
      }
    }
    expect(accepted).toEqual([]);
    expect([...checked]).toEqual(
      expect.arrayContaining([
        "GET /api/orders/:id/ :id",
        "POST /api/products/delete/:id/ :id",
        "GET /api/check_client_claim/:clientId/:productId/ :productId",
        "GET /api/orders/last/ ?client_id",
        "POST /api/order/ client_id",
        "POST /api/order/ cart.items.0.productId",
        "POST /api/order/ orderData.zone",
        "POST /api/order/ orderData.payment_method.id",
        "POST /api/orders/cancel/ order_id",
        "POST /api/clients/ city",
        "POST /api/save_claim_product/:clientId/ product",
        "POST /api/export-data/ start_id",
        "POST /api/commissions/ seller_id",
      ]),
    );
  }, 120_000);

  it("the issue's requests: no order is read and no product deleted through a loose id", async () => {
    const admin = sessions.Admin;
    const product = await createProduct(admin);
    for (const url of [
      `/api/orders/0x${ids.order.toString(16)}/`,
      `/api/orders/%20${ids.order}/`,
      `/api/orders/${ids.order}e0/`,
      `/api/orders/+${ids.order}/`,
      "/api/orders/true/",
    ]) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail).toBe("Identificador inválido.");
    }
    const deleted = await admin.post(`/api/products/delete/%20${product.PK_Products}/`);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().detail).toBe("Identificador inválido.");
    const cancelled = await admin.post("/api/orders/cancel/", { order_id: true });
    expect(cancelled.statusCode).toBe(400);
    expect((await admin.get(`/api/products/${product.PK_Products}/details/`)).statusCode).toBe(200);
    expect((await admin.get(`/api/orders/${ids.order}/`)).json().status_id).not.toBe(2);
    // Digits alone are an id, leading zeros included.
    expect((await admin.get(`/api/orders/${ids.order}/`)).statusCode).toBe(200);
    expect((await admin.get(`/api/orders/00${ids.order}/`)).statusCode).toBe(200);
  });
});
