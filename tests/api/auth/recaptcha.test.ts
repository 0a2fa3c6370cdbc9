import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTCHA_REQUIRED } from "@domain/contracts/auth";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { startFakeRecaptcha, type FakeRecaptcha } from "../../helpers/fake-recaptcha";

let t: TestApp;
let google: FakeRecaptcha;
let verified: string[];
const OK = "ok-token:clave-del-sitio";

beforeAll(async () => {
  google = await startFakeRecaptcha("clave-del-sitio");
  verified = google.verified;
  t = await createTestApp({
    env: {
      RECAPTCHA_SECRET: "secreto-de-prueba",
      RECAPTCHA_SITE_KEY: "clave-del-sitio",
      RECAPTCHA_VERIFY_URL: google.verifyUrl,
      RECAPTCHA_SCRIPT_URL: google.scriptUrl,
    },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const request = (username: string, recaptcha: string) =>
  new ApiClient(t.app).post("/api/register-request/", {
    username,
    email: `${username}@frio.test`,
    password: "una-clave-larga",
    group_id: 2,
    recaptcha,
  });

describe("reCAPTCHA when RECAPTCHA_SECRET is set", () => {
  it("verifies the token with the provider using the secret, once", async () => {
    expect((await request("con.recaptcha", OK)).statusCode).toBe(200);
    expect(verified).toContain(`secreto-de-prueba:${OK}`);
    const replay = await request("otra.vez", OK);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toBe(CAPTCHA_REQUIRED);
  });

  it("refuses a token the provider rejects, and offers no ALTCHA challenge", async () => {
    const refused = await request("rechazado", "bad-token");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(CAPTCHA_REQUIRED);
    expect((await new ApiClient(t.app).get("/api/captcha/challenge/")).statusCode).toBe(404);
  });

  it("tells the registration page to show reCAPTCHA's widget with the site key, and lets its script through the CSP", async () => {
    const config = await new ApiClient(t.app).get("/api/captcha/config/");
    expect(config.json()).toEqual({ provider: "recaptcha", site_key: "clave-del-sitio", script_url: google.scriptUrl });
    // The page that loads the widget carries the app's policy (API answers carry JSON's own).
    const page = await t.app.inject({ method: "GET", url: "/register-request" });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${google.origin}`);
    expect(csp).toContain(`frame-src 'self' ${google.origin}`);
  });

  it("without RECAPTCHA_SECRET the page shows the self-hosted challenge", async () => {
    const bare = await createTestApp();
    try {
      expect((await new ApiClient(bare.app).get("/api/captcha/config/")).json()).toEqual({ provider: "altcha" });
    } finally {
      await bare.close();
    }
  });
});
