import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";

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
    const forged = await t.app.inject({ method: "GET", url: "/api/health/", headers: { "x-forwarded-proto": "https" } });
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
    const response = await proxied.app.inject({ method: "GET", url: "/api/health/", headers: { "x-forwarded-proto": "https" } });
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expectApiHeaders(response.headers);
    const page = await proxied.app.inject({ method: "GET", url: "/orders", headers: { "x-forwarded-proto": "https" } });
    expect(page.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
  });
});
