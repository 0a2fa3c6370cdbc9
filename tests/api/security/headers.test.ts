import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderPayload } from "../../helpers/orders";

const WEB_DIST = fileURLToPath(new URL("../../../web/dist", import.meta.url));
const STYLE_URL = "https://tiles.example.test/styles/frio.json";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAP_STYLE_URL: STYLE_URL, MAP_EXTRA_ORIGINS: "https://glyphs.example.test" } });
});
afterAll(() => t.close());

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
}

/** JSON is never rendered: nothing may load from it or frame it. */
function expectApiHeaders(headers: Record<string, unknown>) {
  expect(headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
  expectCommonHeaders(headers);
  expect(headers["x-dns-prefetch-control"]).toBeUndefined();
}

function expectDocumentHeaders(headers: Record<string, unknown>) {
  const csp = String(headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toMatch(/worker-src 'self' blob:/);
  expect(csp).toMatch(/connect-src[^;]*https:\/\/tiles\.example\.test/);
  expect(csp).toMatch(/connect-src[^;]*https:\/\/glyphs\.example\.test/);
  // Our socket is 'self'; no other socket host may be reached.
  expect(csp).not.toMatch(/connect-src[^;]*\swss?:/);
  expectCommonHeaders(headers);
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
}

describe("security headers on every response", () => {
  it("an API answer, an API error and an unknown path carry them", async () => {
    for (const url of ["/api/health/", "/api/me/", "/api/no-existe/"]) {
      const response = await new ApiClient(t.app).get(url);
      expectApiHeaders(response.headers);
    }
  });

  it.skipIf(!existsSync(WEB_DIST))("an HTML page and a static asset of the built web carry them", async () => {
    const page = await t.app.inject({ method: "GET", url: "/orders" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expectDocumentHeaders(page.headers);
    // The built page must not need an inline script, or script-src 'self' would break it.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    const asset = readdirSync(`${WEB_DIST}/assets`).find((f) => f.endsWith(".js"))!;
    const file = await t.app.inject({ method: "GET", url: `/assets/${asset}` });
    expect(file.statusCode).toBe(200);
    expectDocumentHeaders(file.headers);
  });

  it("sends HSTS only over HTTPS", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/api/health/" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const page = await t.app.inject({ method: "GET", url: "/orders" });
    expect(page.headers["strict-transport-security"]).toBeUndefined();
    // Without TRUST_PROXY a forged X-Forwarded-Proto does not make the request HTTPS.
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/health/",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("behind a trusted proxy", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => proxied.close());

  it("takes HTTPS from the proxy's X-Forwarded-Proto and sends HSTS", async () => {
    const response = await proxied.app.inject({
      method: "GET",
      url: "/api/health/",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expectApiHeaders(response.headers);
    const page = await proxied.app.inject({ method: "GET", url: "/orders", headers: { "x-forwarded-proto": "https" } });
    expect(page.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
  });
});

describe("answers that carry users' data are never stored", () => {
  it("every API answer says Cache-Control: no-store, on every route, for a signed-in Admin and for nobody", async () => {
    const admin = await signIn(t, "Admin");
    const stored: string[] = [];
    for (const route of t.app.routeTable) {
      const url = route.url.replace(/:[^/]+/g, "1");
      // A logout ends the session it is sent with: it gets a session of its own.
      const signedIn = route.url === "/api/logout/" ? (await signIn(t, "Admin")).client : admin.client;
      for (const client of [signedIn, new ApiClient(t.app)]) {
        const response = await client.request(route.method as "GET", url, route.method === "GET" ? undefined : {});
        if (response.headers["cache-control"] !== "no-store")
          stored.push(`${route.method} ${url} ${response.statusCode} ${response.headers["cache-control"]}`);
      }
    }
    expect(stored).toEqual([]);
  });

  it("the token pair, /api/me/, an order's detail and receipt, approvals and an export say so", async () => {
    const admin = await signIn(t, "Admin");
    const login = await new ApiClient(t.app).post("/api/login/", {
      username: admin.username,
      password: admin.password,
    });
    const refresh = await new ApiClient(t.app).post("/api/token/refresh/", { refresh: login.json().refresh });
    const { id: clientId } = await createClient(admin.client);
    const product = await createProduct(admin.client, { quantity: 10 });
    const order = await admin.client.post(
      "/api/order/",
      orderPayload(clientId, [{ productId: product.PK_Products, units: 1, type: "KG" }]),
    );
    const orderId = order.json().order_id;
    const answers = {
      login,
      refresh,
      me: await admin.client.get("/api/me/"),
      order,
      detail: await admin.client.get(`/api/orders/${orderId}/`),
      receipt: await admin.client.get(`/api/orders/${orderId}/receipt.png`),
      approvals: await admin.client.get("/api/admin/approvals/"),
      export: await admin.client.post("/api/export-data/", {
        sql_table: "Clients",
        type_archive: "csv",
        start_id: 0,
        end_id: clientId,
      }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect([name, response.statusCode, response.headers["cache-control"]]).toEqual([name, 200, "no-store"]);
    }
  });
});

describe("Permissions-Policy", () => {
  it.skipIf(!existsSync(WEB_DIST))(
    "allows geolocation and full screen to our own pages only, and no camera, microphone or payment",
    async () => {
      const asset = readdirSync(`${WEB_DIST}/assets`).find((f) => f.endsWith(".js"))!;
      for (const url of ["/orders", "/", `/assets/${asset}`]) {
        const policy = String((await t.app.inject({ method: "GET", url })).headers["permissions-policy"]);
        expect(policy).toContain("geolocation=(self)");
        expect(policy).toContain("fullscreen=(self)");
        for (const denied of ["camera=()", "microphone=()", "payment=()", "usb=()"]) expect(policy).toContain(denied);
      }
    },
  );

  it("is left off JSON answers, which run nothing (default-src 'none')", async () => {
    for (const url of ["/api/health/", "/api/me/", "/api/no-existe/"]) {
      const response = await new ApiClient(t.app).get(url);
      expect(response.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers["permissions-policy"]).toBeUndefined();
    }
  });
});

describe("the CSRF cookie", () => {
  const csrfCookie = (response: { headers: Record<string, unknown> }) =>
    String(response.headers["set-cookie"])
      .split(/,(?=\s*\w+=)/)
      .find((c) => c.trim().startsWith("csrftoken="))!;

  it("is Secure when the request came over TLS through a trusted proxy, and not over plain HTTP", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const overTls = await proxied.app.inject({
        method: "GET",
        url: "/api/health/",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(csrfCookie(overTls)).toMatch(/;\s*Secure/i);
      const plain = await proxied.app.inject({ method: "GET", url: "/api/health/" });
      expect(csrfCookie(plain)).not.toMatch(/Secure/i);
    } finally {
      await proxied.close();
    }
  });

  it("is not made Secure by a client's own X-Forwarded-Proto without TRUST_PROXY", async () => {
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/health/",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(csrfCookie(forged)).not.toMatch(/Secure/i);
  });
});
