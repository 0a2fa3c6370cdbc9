import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the CSRF double submit", () => {
  it("refuses a change whose header does not repeat the cookie, and lets a read through", async () => {
    const { client: admin } = await signIn(t, "Admin");
    const forged = { cookie: "csrftoken=one-token-one-token", "x-csrftoken": "another-token-xyz" };
    for (const headers of [forged, { cookie: "", "x-csrftoken": "" }]) {
      const refused = await admin.request("POST", "/api/orders/cancel/", { order_id: 1 }, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toMatch(/token CSRF/);
    }
    const read = await admin.request("GET", "/api/me/", undefined, forged);
    expect(read.statusCode).toBe(200);
  });

  it("hands the cookie out to a request without it, and not to one with it", async () => {
    const without = await t.app.inject({ method: "GET", url: "/api/me/" });
    expect(String(without.headers["set-cookie"])).toMatch(/^csrftoken=[\w-]{32}; Path=\/; SameSite=Lax$/);
    const withIt = await new ApiClient(t.app).get("/api/health/");
    expect(withIt.headers["set-cookie"]).toBeUndefined();
    // Among other cookies it counts; an empty one, or one whose name only ends the same, does not.
    const cookieSent = async (cookie: string) =>
      (await t.app.inject({ method: "GET", url: "/api/health/", headers: { cookie } })).headers["set-cookie"];
    expect(await cookieSent("theme=dark; csrftoken=abc")).toBeUndefined();
    expect(String(await cookieSent("csrftoken=; theme=dark"))).toMatch(/^csrftoken=[\w-]{32};/);
    expect(String(await cookieSent("xcsrftoken=abc"))).toMatch(/^csrftoken=[\w-]{32};/);
  });
});
