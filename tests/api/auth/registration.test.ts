import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTCHA_REQUIRED } from "@domain/contracts/auth";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { solveCaptcha } from "../../helpers/captcha";
import { signIn } from "../../helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const anonymous = () => new ApiClient(t.app);

async function groupId(name: string) {
  const groups = (await anonymous().get("/api/account-groups/")).json().results as { id: number; name: string }[];
  return groups.find((g) => g.name === name)!.id;
}

describe("registration requests and approvals", () => {
  it("lists publicly the groups a request may ask for: every group but Admin", async () => {
    const response = await anonymous().get("/api/account-groups/");
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((g: { name: string }) => g.name)).toEqual([
      "Vendedor",
      "Preparador",
      "Despachante",
      "Cadete",
    ]);
  });

  it("a request with a solved challenge stays pending, cannot log in, and logs in once approved", async () => {
    const payload = {
      username: "nuevo.vendedor",
      email: "nuevo@frio.test",
      password: "una-clave-larga",
      group_id: await groupId("Vendedor"),
    };
    const sent = await anonymous().post("/api/register-request/", { ...payload, recaptcha: await solveCaptcha(t.app) });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true });

    const pendingLogin = await anonymous().post("/api/login/", {
      username: payload.username,
      password: payload.password,
    });
    expect(pendingLogin.statusCode).toBe(401);

    const admin = await signIn(t, "Admin");
    const approvals = (await admin.client.get("/api/admin/approvals/")).json();
    const request = approvals.registration_requests.find((r: { username: string }) => r.username === payload.username);
    expect(request).toMatchObject({ email: payload.email, group: "Vendedor" });

    expect((await admin.client.post("/api/admin/registration-requests/approve/", { id: request.id })).statusCode).toBe(
      200,
    );
    const login = await anonymous().post("/api/login/", { username: payload.username, password: payload.password });
    expect(login.statusCode).toBe(200);
    const after = (await admin.client.get("/api/admin/approvals/")).json();
    expect(after.registration_requests.some((r: { username: string }) => r.username === payload.username)).toBe(false);
    expect(after.active_users.find((u: { username: string }) => u.username === payload.username)).toMatchObject({
      groups: ["Vendedor"],
    });
  });

  it("refuses a missing, forged or replayed challenge with the spec's message", async () => {
    const base = { email: "x@frio.test", password: "una-clave-larga", group_id: await groupId("Vendedor") };
    const missing = await anonymous().post("/api/register-request/", { ...base, username: "sin.captcha" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(CAPTCHA_REQUIRED);

    const forged = await anonymous().post("/api/register-request/", {
      ...base,
      username: "falso",
      recaptcha: "bm9wZQ==",
    });
    expect(forged.json().detail).toBe(CAPTCHA_REQUIRED);

    const solution = await solveCaptcha(t.app);
    expect(
      (await anonymous().post("/api/register-request/", { ...base, username: "primero", recaptcha: solution }))
        .statusCode,
    ).toBe(200);
    const replay = await anonymous().post("/api/register-request/", {
      ...base,
      username: "segundo",
      recaptcha: solution,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toBe(CAPTCHA_REQUIRED);
  });

  it("refuses a missing group with 'Selecciona un grupo.'", async () => {
    const response = await anonymous().post("/api/register-request/", {
      username: "sin.grupo",
      email: "g@frio.test",
      password: "una-clave-larga",
      recaptcha: await solveCaptcha(t.app),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe("Selecciona un grupo.");
  });

  it("a denied request disappears and never becomes a user", async () => {
    await anonymous().post("/api/register-request/", {
      username: "a.denegar",
      email: "d@frio.test",
      password: "una-clave-larga",
      group_id: await groupId("Preparador"),
      recaptcha: await solveCaptcha(t.app),
    });
    const admin = await signIn(t, "Admin");
    const request = (await admin.client.get("/api/admin/approvals/"))
      .json()
      .registration_requests.find((r: { username: string }) => r.username === "a.denegar");
    expect((await admin.client.post("/api/admin/registration-requests/deny/", { id: request.id })).statusCode).toBe(
      200,
    );
    const again = await admin.client.post("/api/admin/registration-requests/deny/", { id: request.id });
    expect(again.statusCode).toBe(404);
    expect(
      (await anonymous().post("/api/login/", { username: "a.denegar", password: "una-clave-larga" })).statusCode,
    ).toBe(401);
  });

  it("a deactivated user's access and refresh tokens stop working at once", async () => {
    const seller = await signIn(t, "Vendedor");
    expect((await seller.client.get("/api/me/")).statusCode).toBe(200);
    const admin = await signIn(t, "Admin");
    expect((await admin.client.post("/api/admin/users/deactivate/", { user_id: seller.id })).statusCode).toBe(200);
    expect((await seller.client.get("/api/me/")).statusCode).toBe(401);
    expect((await anonymous().post("/api/token/refresh/", { refresh: seller.refresh })).statusCode).toBe(401);
    const approvals = (await admin.client.get("/api/admin/approvals/")).json();
    expect(approvals.active_users.some((u: { id: number }) => u.id === seller.id)).toBe(false);
  });

  it("answers unknown ids with 404 and non-numeric ones with 400", async () => {
    const admin = await signIn(t, "Admin");
    expect((await admin.client.post("/api/admin/registration-requests/approve/", { id: 999999 })).statusCode).toBe(404);
    expect((await admin.client.post("/api/admin/users/deactivate/", { user_id: "abc" })).statusCode).toBe(400);
  });
});
