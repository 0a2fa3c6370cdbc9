import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_MESSAGES, NUL_MESSAGE } from "@domain/contracts/text";
import { GROUPS, type GroupName } from "@domain/permissions";
import type { RouteRecord } from "../../server/plugins/auth";
import { ApiClient, createTestApp, type TestApp } from "../helpers/app";
import { createClient, createProduct } from "../helpers/catalog";
import { signIn } from "../helpers/factories";
import { type FakeGeocoder, startFakeGeocoder } from "../helpers/fake-geocoder";
import { orderPayload } from "../helpers/orders";
import {
  concrete,
  type Json,
  jsonSchema,
  paths,
  sample,
  type SweepIds,
  sessionFor as sessionForRoute,
  validRequests,
  withQuery,
  withValue,
} from "../helpers/route-sweep";

/**
 * Every route the app registers (t.app.routeTable, filled by an onRoute hook: a new route is
 * swept without editing this file) gets a valid request, then the same request with one field
 * at a time replaced by something hostile. No answer may be a 5xx, and a refused write must
 * leave what it would have changed as it was.
 */

let t: TestApp;
let geocoder: FakeGeocoder;
const sessions = {} as Record<GroupName, ApiClient>;
let ids: SweepIds;

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

const sessionFor = (route: RouteRecord) => sessionForRoute(sessions, route);

/** Logout and deactivation end sessions on purpose: a session they ended is signed in again. */
async function live(route: RouteRecord): Promise<ApiClient> {
  const session = sessionFor(route);
  if ((await session.get("/api/me/")).statusCode === 200) return session;
  const group = (Object.keys(sessions) as GroupName[]).find((g) => sessions[g] === session)!;
  sessions[group] = (await signIn(t, group)).client;
  return sessions[group];
}

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
    const known = validRequests(ids);
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
