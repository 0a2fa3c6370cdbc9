import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTCHA_REQUIRED } from "../../../domain/contracts/auth";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";

let t: TestApp;
const verified: string[] = [];
// Google's siteverify stand-in on 127.0.0.1: only the token "ok-token" passes.
const google = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    const form = new URLSearchParams(body);
    verified.push(`${form.get("secret")}:${form.get("response")}`);
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ success: form.get("response") === "ok-token" }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => google.listen(0, "127.0.0.1", resolve));
  const { port } = google.address() as { port: number };
  t = await createTestApp({ env: { RECAPTCHA_SECRET: "secreto-de-prueba", RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` } });
});
afterAll(async () => {
  await t.close();
  google.close();
});

const request = (username: string, recaptcha: string) =>
  new ApiClient(t.app).post("/api/register-request/", { username, email: `${username}@frio.test`, password: "una-clave-larga", group_id: 2, recaptcha });

describe("reCAPTCHA when RECAPTCHA_SECRET is set", () => {
  it("verifies the token with the provider using the secret, once", async () => {
    expect((await request("con.recaptcha", "ok-token")).statusCode).toBe(200);
    expect(verified).toContain("secreto-de-prueba:ok-token");
    const replay = await request("otra.vez", "ok-token");
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toBe(CAPTCHA_REQUIRED);
  });

  it("refuses a token the provider rejects, and offers no ALTCHA challenge", async () => {
    const refused = await request("rechazado", "bad-token");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(CAPTCHA_REQUIRED);
    expect((await new ApiClient(t.app).get("/api/captcha/challenge/")).statusCode).toBe(404);
  });
});
