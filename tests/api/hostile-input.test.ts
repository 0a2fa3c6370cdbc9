import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { todayInBuenosAires } from "../../domain/calendar";
import { CLAIM_TYPES } from "../../domain/contracts/claims";
import { BODY_MESSAGES, NUL_MESSAGE } from "../../domain/contracts/text";
import { CAPABILITIES, GROUPS, type GroupName } from "../../domain/permissions";
import type { RouteRecord } from "../../server/plugins/auth";
import { ApiClient, createTestApp, type TestApp } from "../helpers/app";
import { createClient, createProduct } from "../helpers/catalog";
import { signIn } from "../helpers/factories";
import { type FakeGeocoder, startFakeGeocoder } from "../helpers/fake-geocoder";
import { orderPayload } from "../helpers/orders";

/**
 * Every route the app registers (t.app.routeTable, filled by an onRoute hook: a new route is
 * swept without editing this file) gets a valid request, then the same request with one field
 * at a time replaced by something hostile. No answer may be a 5xx, and a refused write must
 * leave what it would have changed as it was.
 */

let t: TestApp;
let geocoder: FakeGeocoder;
const sessions = {} as Record<GroupName, ApiClient>;
let ids: { client: number; product: number; order: number; seller: number };
const today = todayInBuenosAires();

beforeAll(async () => {
  // Every dependency a route may call is up (production mode, so backups run pg_dump; a geocoder;
  // a deploy command that does nothing): a 503 would be a dependency down, not a bad input.
  geocoder = await startFakeGeocoder({ "mitre 500": [{ lat: "-34.72", lon: "-58.25", display_name: "Mitre 500" }] });
  t = await createTestApp({ redis: true, env: { DEPLOY_COMMAND: "true", GEOCODER_URL: geocoder.url } });
  let seller = 0;
  for (const group of GROUPS) {
    const user = await signIn(t, group);
    sessions[group] = user.client;
    if (group === "Vendedor") seller = user.id;
  }
  const admin = sessions.Admin;
  const client = await createClient(admin);
  const product = await createProduct(admin, { quantity: 100000 });
  const order = await admin.post(
    "/api/order/",
    orderPayload(client.id, [{ productId: product.PK_Products, units: 1, type: "UN" }]),
  );
  expect(order.statusCode, order.body).toBe(200);
  ids = { client: client.id, product: product.PK_Products, order: order.json().order_id, seller };
});
afterAll(async () => {
  await t.close();
  await geocoder.close();
});

type Json = unknown;
/** The id a route without a fixture is sent: no row has it, so a sweep deletes or cancels nothing the fixtures use. */
const UNKNOWN_ID = 987654;
type Path = (string | number)[];

/** A valid request for the routes whose valid body needs real rows; `readBack` is what a refused write must not change. */
function fixtures(): Record<
  string,
  { params?: Record<string, string>; body?: Json; query?: Record<string, string>; readBack?: string }
> {
  const client = {
    name: "Cliente Hostil",
    address: "Mitre 500",
    city: 2,
    shipment: 1,
    phone: "11 4444-0000",
    email: "",
    birthday: null,
    whatsapp_ubication: true,
    latitude: -34.72,
    longitude: -58.25,
  };
  const { shipment: _, ...clientEdit } = client;
  const line = { productId: ids.product, units: 1, type: "UN" as const };
  return {
    "POST /api/clients/": { body: client },
    "POST /api/create_client/": { body: client },
    "POST /api/save_client/:id/": {
      params: { id: String(ids.client) },
      body: {
        ...clientEdit,
        zone: 1,
        email: "hostil@frio.test",
        birthday: "1980-05-04",
        category: "Normal",
        risk_zone: false,
      },
      readBack: `/api/get_client/${ids.client}/`,
    },
    "POST /api/products/create/": {
      body: { name: "Producto Hostil", quantity: 5, price: 100, unitWeight: 1, isWeighted: false },
    },
    "POST /api/products/update/:id/": {
      params: { id: String(ids.product) },
      body: { name: "Producto Hostil Editado", quantity: 100000, price: 100, unitWeight: 1, isWeighted: false },
      readBack: `/api/products/${ids.product}/details/`,
    },
    "PATCH /api/product/:id/update/": {
      params: { id: String(ids.product) },
      body: { Quantity: 100000 },
      readBack: `/api/products/${ids.product}/details/`,
    },
    "POST /api/order/": { body: orderPayload(ids.client, [line]) },
    "POST /api/save_claim_or_bonus/:clientId/": {
      params: { clientId: String(ids.client) },
      body: { claimType: 1, claimValue: "reclamo" },
    },
    "POST /api/save_claim_product/:clientId/": {
      params: { clientId: String(ids.client) },
      body: { claimType: CLAIM_TYPES.productClaim, claimValue: "reclamo", product: ids.product },
    },
    "POST /api/save_virtual_freezer/": {
      body: { clientId: ids.client, has_virtual_freezer: true, items: [line] },
      readBack: `/api/clients/${ids.client}/virtual-freezer/`,
    },
    "POST /api/commissions/": { body: { start_date: today, end_date: today, seller_id: ids.seller } },
    "POST /api/commissions/settings/": { body: { rate: 5, includes_shipping: true } },
    "POST /api/update-shipping-cost/": { body: { zone_id: 1, price: 100 } },
    "GET /api/orders/last/": { query: { client_id: String(ids.client) } },
    "GET /api/geocode/": { query: { q: "Mitre 500" } },
    "GET /api/audit/": { query: { from: today, to: today } },
    "GET /api/courier/cash/": { query: { from: today, to: today } },
  };
}

/** A value the schema takes, from its JSON Schema: for the routes without a fixture. */
function sample(schema: Record<string, Json>, name = ""): Json {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = (schema.anyOf ?? schema.oneOf) as Record<string, Json>[] | undefined;
  if (options) return sample(options.find((o) => o.type !== "null") ?? options[0]!, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, Json>>;
      return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, sample(value, key)]));
    }
    case "array":
      return [sample((schema.items ?? {}) as Record<string, Json>, name)];
    case "string":
      if (schema.format === "date" || /date|^from$|^to$/.test(name)) return today;
      if (schema.format === "email") return "hostil@frio.test";
      if (schema.format === "uuid") return randomUUID();
      return "texto de prueba".padEnd(Number(schema.minLength ?? 0), "x");
    case "integer":
    case "number":
      if (/(^|_)id$|Id$/.test(name)) return UNKNOWN_ID;
      return Math.max(1, Number(schema.minimum ?? 1));
    case "boolean":
      return true;
    default:
      return 1;
  }
}

const jsonSchema = (schema: unknown) =>
  schema
    ? (z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as Record<string, Json>)
    : null;

const HOSTILE: [string, Json][] = [
  ["null", null],
  ["wrong type", true],
  ["huge string", "x".repeat(50_000)],
  ["NUL", "texto\u0000con nulo"],
  ["negative", -1],
  ["empty", ""],
  ["array", [1, "dos"]],
  ["nested object", { a: { b: { c: 1 } } }],
];
/** For the fields holding a date, besides. */
const HOSTILE_DATES: [string, string][] = [
  ["impossible date", "2025-02-30"],
  ["month 13", "2025-13-01"],
  ["year zero", "0000-01-01"],
];
const isDate = (value: Json) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
const HOSTILE_QUERY: [string, string][] = [
  ["empty", ""],
  ["NUL", "texto\u0000con nulo"],
  ["huge", "x".repeat(6000)],
  ["negative", "-1"],
  ["not a number", "abc"],
];
const HOSTILE_PARAM = ["-1", "0", "abc", "99999999999999999999", "1.5", "%00", "x".repeat(90)];

/** Every leaf of a JSON value (and every object or array itself), as paths. */
function paths(value: Json, at: Path = []): Path[] {
  const own = at.length ? [at] : [];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, i) => paths(item, [...at, i]))];
  if (value && typeof value === "object")
    return [...own, ...Object.entries(value).flatMap(([key, item]) => paths(item, [...at, key]))];
  return own;
}

function withValue(value: Json, path: Path, replacement: Json): Json {
  if (!path.length) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, Json>;
  copy[path[0]!] = withValue(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

function sessionFor(route: RouteRecord): ApiClient {
  if (route.permission === "public" || !route.permission) return sessions.Admin;
  const allowed = CAPABILITIES[route.permission] as readonly GroupName[];
  return sessions[allowed.includes("Admin") ? "Admin" : allowed[0]!];
}

/** Logout and deactivation end sessions on purpose: a session they ended is signed in again. */
async function live(route: RouteRecord): Promise<ApiClient> {
  const session = sessionFor(route);
  if ((await session.get("/api/me/")).statusCode === 200) return session;
  const group = (Object.keys(sessions) as GroupName[]).find((g) => sessions[g] === session)!;
  sessions[group] = (await signIn(t, group)).client;
  return sessions[group];
}

const concrete = (url: string, params: Record<string, string> = {}) =>
  url.replace(/:([^/]+)/g, (_, name: string) => params[name] ?? String(UNKNOWN_ID));
const withQuery = (url: string, query: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  return `${url}?${search}`;
};

let requests = 0;
/** A request as the route's session; a session the route itself ended (logout, deactivation) signs in again and retries. */
async function call(route: RouteRecord, url: string, payload?: string | object, headers: Record<string, string> = {}) {
  requests++;
  const send = (session: ApiClient) => session.request(route.method as "POST", url, payload, headers);
  const response = await send(sessionFor(route));
  return response.statusCode === 401 && route.permission !== "public" ? send(await live(route)) : response;
}

type Finding = { request: string; status: number; body: string };

describe("no input answers 5xx, on every route the app registers", () => {
  const fiveHundreds: Finding[] = [];
  const lost: string[] = [];
  const refusedFixtures: string[] = [];
  const accepted: string[] = [];

  async function send(route: RouteRecord, url: string, body?: Json, label = "") {
    const json: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
    const response = await call(route, url, body as object | undefined, json);
    if (response.statusCode >= 500)
      fiveHundreds.push({
        request: `${route.method} ${url.slice(0, 120)} ${label}`,
        status: response.statusCode,
        body: response.body.slice(0, 120),
      });
    return response;
  }

  /** An impossible or out-of-range date is a 400 wherever a date is taken. */
  const datesAccepted: string[] = [];
  const dateRoutes = new Set<string>();
  async function sendChecked(route: RouteRecord, url: string, body: Json, label: string) {
    const response = await send(route, url, body, label);
    if (HOSTILE_DATES.some(([name]) => label.endsWith(`=${name}`))) {
      dateRoutes.add(`${route.method} ${route.url}`);
      if (response.statusCode !== 400)
        datesAccepted.push(
          `${route.method} ${route.url} ${label} → ${response.statusCode} ${response.body.slice(0, 80)}`,
        );
    }
    return response;
  }

  it("sweeps each route with a valid request mutated one field at a time", async () => {
    const known = fixtures();
    const routes = t.app.routeTable.filter((r) => r.url !== "/api/ws" && r.url !== "/api/docs");
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const fixture = known[key] ?? {};
      const schemas = (route.schema ?? {}) as Record<string, unknown>;
      const url = concrete(route.url, fixture.params);
      const query = fixture.query ?? ((sample(jsonSchema(schemas.querystring) ?? {}) ?? {}) as Record<string, string>);
      const body = fixture.body ?? (schemas.body ? sample(jsonSchema(schemas.body)!) : undefined);
      const base = Object.keys(query).length ? withQuery(url, query as Record<string, string>) : url;

      const valid = await send(route, base, body, "valid");
      if (fixture.body || fixture.query) {
        if (valid.statusCode < 300) accepted.push(key);
        else
          refusedFixtures.push(
            `${key}: the valid request was refused (${valid.statusCode} ${valid.body.slice(0, 120)})`,
          );
      }
      let saved = fixture.readBack ? (await sessionFor(route).get(fixture.readBack)).body : null;

      // Body: each field (and each object or array) replaced in turn.
      if (body !== undefined) {
        for (const path of paths(body)) {
          const leaf = path.reduce<Json>((value, key) => (value as Record<string | number, Json>)[key], body);
          for (const [label, value] of [...HOSTILE, ...(isDate(leaf) ? HOSTILE_DATES : [])]) {
            const response = await sendChecked(route, base, withValue(body, path, value), `${path.join(".")}=${label}`);
            if (!fixture.readBack) continue;
            const now = (await sessionFor(route).get(fixture.readBack)).body;
            if (response.statusCode >= 400 && now !== saved)
              lost.push(
                `${key} ${path.join(".")}=${label} was refused (${response.statusCode}) but changed ${fixture.readBack}`,
              );
            saved = now;
          }
        }
        for (const whole of ["null", "[]", '"x"', "1", ""]) {
          const response = await call(route, base, whole, {
            "content-type": "application/json",
          });
          if (response.statusCode !== 400)
            fiveHundreds.push({
              request: `${key} body ${whole || "(empty)"}`,
              status: response.statusCode,
              body: response.body.slice(0, 120),
            });
        }
      }
      // Query: each parameter replaced in turn, and repeated.
      for (const name of Object.keys(query)) {
        for (const [label, value] of [...HOSTILE_QUERY, ...(isDate(query[name]) ? HOSTILE_DATES : [])])
          await sendChecked(route, withQuery(url, { ...query, [name]: value }), body, `?${name}=${label}`);
        await send(route, withQuery(url, { ...query, [name]: ["1", "2"] }), body, `?${name}=repeated`);
      }
      // Path parameters.
      for (const name of route.url.match(/:([^/]+)/g) ?? []) {
        for (const value of HOSTILE_PARAM) {
          const target = concrete(route.url, { ...fixture.params, [name.slice(1)]: value });
          await send(route, target, body, `${name}=${value.slice(0, 10)}`);
        }
      }
    }
    expect(fiveHundreds).toEqual([]);
    expect(lost).toEqual([]);
    expect(refusedFixtures).toEqual([]);
    expect(datesAccepted).toEqual([]);
    expect([...dateRoutes].sort()).toEqual(
      expect.arrayContaining([
        "GET /api/audit/",
        "GET /api/courier/cash/",
        "GET /api/courier/route/",
        "GET /api/dispatch/",
        "GET /api/dispatch/couriers/",
        "GET /api/orders/",
        "GET /api/preparation/",
        "POST /api/commissions/",
        "POST /api/order/",
        "POST /api/save_client/:id/",
      ]),
    );
    // The fixtures are valid: their mutations reach the rules behind the schema.
    expect(accepted.length).toBe(Object.keys(known).length);
    expect(requests).toBeGreaterThan(1500);
  }, 90_000);

  it("a body that is not a JSON object is a 400 in Spanish before any rule runs", async () => {
    for (const url of ["/api/clients/", "/api/create_client/", `/api/save_client/${ids.client}/`, "/api/order/"]) {
      for (const body of ["null", "[]", '"x"', "1"]) {
        const response = await sessions.Admin.request("POST", url, body, { "content-type": "application/json" });
        expect(response.statusCode, `${url} ${body}`).toBe(400);
        expect(response.json().detail).toBe(BODY_MESSAGES.notObject);
      }
      const missing = await sessions.Admin.request("POST", url);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().detail).toBe(BODY_MESSAGES.missing);
    }
  });

  it("a NUL byte is refused by the contract, naming the field, and nothing is saved", async () => {
    const before = (await sessions.Admin.get(`/api/get_client/${ids.client}/`)).json();
    const order = await sessions.Admin.post(
      "/api/order/",
      orderPayload(ids.client, [{ productId: ids.product, units: 1, type: "UN" }], {
        orderData: { ...orderPayload(1, []).orderData, notes: "a\u0000b", address: "Mitre\u0000" },
      }),
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().errors["orderData.notes"]).toBe(NUL_MESSAGE);
    const save = await sessions.Admin.post(`/api/save_client/${ids.client}/`, { ...before, name: "Nombre\u0000 Nulo" });
    expect(save.statusCode).toBe(400);
    expect(save.json().errors.name).toBe(NUL_MESSAGE);
    expect((await sessions.Admin.get(`/api/get_client/${ids.client}/`)).json()).toEqual(before);
  });

  it("the anonymous login with a NUL byte answers 400 in Spanish", async () => {
    const response = await new ApiClient(t.app).post("/api/login/", { username: "ad\u0000min", password: "x\u0000" });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(NUL_MESSAGE);
  });
});

describe("multipart bodies parse inside the error handling", () => {
  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="order_id"\r\n\r\n1\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`;
  const long = "b".repeat(300);
  const BROKEN: [string, string, string][] = [
    ["no boundary", "multipart/form-data", `${part("x")}--x--\r\n`],
    ["mismatched boundary", "multipart/form-data; boundary=otro", `${part("x")}--x--\r\n`],
    ["truncated body", "multipart/form-data; boundary=x", part("x").slice(0, -10)],
    ["boundary over 256 characters", `multipart/form-data; boundary=${long}`, `${part(long)}--${long}--\r\n`],
    [
      "malformed part header",
      "multipart/form-data; boundary=x",
      "--x\r\nesto no es un encabezado\r\n\r\n1\r\n--x--\r\n",
    ],
  ];

  it("every route taking a form answers a broken one 400 in Spanish; the others 415", async () => {
    const refusedForms: string[] = [];
    const takesForms: string[] = [];
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.method === "POST")) {
      const url = concrete(route.url);
      const wellFormed = await call(route, url, `${part("x")}--x--\r\n`, {
        "content-type": "multipart/form-data; boundary=x",
      });
      if (wellFormed.statusCode >= 500) failures.push(`${route.url} well-formed → ${wellFormed.statusCode}`);
      if (wellFormed.statusCode === 415) {
        if (wellFormed.json().detail === BODY_MESSAGES.unsupported) refusedForms.push(route.url);
        continue;
      }
      takesForms.push(route.url);
      for (const [label, contentType, payload] of BROKEN) {
        const response = await call(route, url, payload, { "content-type": contentType });
        if (response.statusCode !== 400 || !response.json().detail)
          failures.push(`${route.url} ${label} → ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(takesForms.sort()).toEqual(["/api/courier/delivered/", "/api/update-profile-image/"]);
    expect(refusedForms).toEqual(expect.arrayContaining(["/api/clients/", "/api/courier/position/"]));
  });
});
