import { existsSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";

const dist = new URL("../../web/dist/assets/", import.meta.url).pathname;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.skipIf(!existsSync(dist))("the built web and the API's payload", () => {
  const assets = () => readdirSync(dist);

  it("serves index.html to revalidate and hashed assets compressed, cached for a year", async () => {
    const page = await t.app.inject({ url: "/orders" });
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toContain('<div id="root">');
    const script = assets().find((f) => f.startsWith("index-") && f.endsWith(".js"))!;
    const asset = await t.app.inject({ url: `/assets/${script}`, headers: { "accept-encoding": "br, gzip" } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toMatch(/javascript/);
  });

  it("serves maplibre's worker as a script, and a missing asset as a 404, never as index.html", async () => {
    const worker = assets().find((f) => f.startsWith("maplibre-gl-worker-") && f.endsWith(".mjs"))!;
    const answer = await t.app.inject({ url: `/assets/${worker}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/javascript/);
    const missing = await t.app.inject({ url: "/assets/maplibre-gl-worker.mjs" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain("<html");
  });

  it("serves the app's manifest and its icons, revalidated, under a policy that allows them", async () => {
    const page = await t.app.inject({ url: "/" });
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/manifest-src/);
    const manifest = await t.app.inject({ url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    const body = manifest.json() as { name: string; display: string; icons: { src: string; sizes: string }[] };
    expect(body).toMatchObject({ name: "Frío", short_name: "Frío", start_url: "/", display: "standalone" });
    for (const icon of [...body.icons.map((i) => i.src), "/icons/apple-touch-icon.png"]) {
      const answer = await t.app.inject({ url: icon });
      expect(answer.statusCode, icon).toBe(200);
      expect(answer.headers["content-type"]).toBe("image/png");
      expect(answer.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    }
  });

  it("compresses API JSON for clients that accept it", async () => {
    const plain = await t.app.inject({ url: "/api/docs/json" });
    const compressed = await t.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "gzip" } });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});
