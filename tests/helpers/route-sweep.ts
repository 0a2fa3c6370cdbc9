import { randomUUID } from "node:crypto";
import { z } from "zod";
import { todayInBuenosAires } from "@domain/calendar";
import { CLAIM_TYPES } from "@domain/contracts/claims";
import { CAPABILITIES, type GroupName } from "@domain/permissions";
import type { RouteRecord } from "../../server/plugins/auth";
import type { ApiClient } from "./app";
import { clientPayload } from "./catalog";
import { orderPayload } from "./orders";

/**
 * What a sweep over every route the app registers (t.app.routeTable) needs: a valid request
 * per route (from real rows, or sampled from the route's own schema), the paths of a body's
 * fields to replace one at a time, and the session each route is called with.
 */

/** The rows a sweep's valid requests name. */
export type SweepIds = { client: number; product: number; order: number; seller: number };

const today = todayInBuenosAires();

export type Json = unknown;
/** The id a route without a fixture is sent: no row has it, so a sweep deletes or cancels nothing the fixtures use. */
export const UNKNOWN_ID = 987654;
export type Path = (string | number)[];

/** A valid request for the routes whose valid body needs real rows; `readBack` is what a refused write must not change. */
export function validRequests(
  ids: SweepIds,
): Record<string, { params?: Record<string, string>; body?: Json; query?: Record<string, string>; readBack?: string }> {
  const client = clientPayload({ name: "Cliente Hostil" });
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
    "POST /api/clients/:id/payments/": {
      params: { id: String(ids.client) },
      body: { amount: "150,25", payment_method_id: 2, date: today, note: "pago" },
    },
    "GET /api/clients/:id/account/": { params: { id: String(ids.client) }, query: { limit: "50", offset: "0" } },
  };
}

/** A value the schema takes, from its JSON Schema: for the routes without a fixture. */
export function sample(schema: Record<string, Json>, name = ""): Json {
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

export const jsonSchema = (schema: unknown) =>
  schema
    ? (z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as Record<string, Json>)
    : null;

/** Every leaf of a JSON value (and every object or array itself), as paths. */
export function paths(value: Json, at: Path = []): Path[] {
  const own = at.length ? [at] : [];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, i) => paths(item, [...at, i]))];
  if (value && typeof value === "object")
    return [...own, ...Object.entries(value).flatMap(([key, item]) => paths(item, [...at, key]))];
  return own;
}

export function withValue(value: Json, path: Path, replacement: Json): Json {
  if (!path.length) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, Json>;
  copy[path[0]!] = withValue(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

/** The session a route is called with: Admin's where Admin may, else the first group allowed. */
export function sessionFor(sessions: Record<GroupName, ApiClient>, route: RouteRecord): ApiClient {
  if (route.permission === "public" || !route.permission) return sessions.Admin;
  const allowed = CAPABILITIES[route.permission] as readonly GroupName[];
  return sessions[allowed.includes("Admin") ? "Admin" : allowed[0]!];
}

export const concrete = (url: string, params: Record<string, string> = {}) =>
  url.replace(/:([^/]+)/g, (_, name: string) => params[name] ?? String(UNKNOWN_ID));
export const withQuery = (url: string, query: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  return `${url}?${search}`;
};
