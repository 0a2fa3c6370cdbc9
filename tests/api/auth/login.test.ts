import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILED } from "@domain/contracts/auth";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { createUser, signIn } from "../../helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("login, me, refresh and logout", () => {
  it("logs in with the right password and answers /me with the user's fields", async () => {
    const user = await createUser(t, "Vendedor");
    const login = await new ApiClient(t.app).post("/api/login/", { username: user.username, password: user.password });
    expect(login.statusCode).toBe(200);
    const { access, refresh } = login.json();
    expect(access).toBeTruthy();
    expect(refresh).toBeTruthy();
    const me = await new ApiClient(t.app, access).get("/api/me/");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: user.id,
      username: user.username,
      group: "Vendedor",
      groups: ["Vendedor"],
      display_name: "Vendedor Prueba",
    });
  });

  it("refuses a wrong password with the spec's message", async () => {
    const user = await createUser(t, "Vendedor");
    const response = await new ApiClient(t.app).post("/api/login/", { username: user.username, password: "otra-cosa" });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe(LOGIN_FAILED);
  });

  it("rotates the refresh token, and a reused one revokes the whole family", async () => {
    const session = await signIn(t, "Vendedor");
    const anonymous = new ApiClient(t.app);
    const first = await anonymous.post("/api/token/refresh/", { refresh: session.refresh });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().refresh as string;
    expect(rotated).not.toBe(session.refresh);

    const replay = await anonymous.post("/api/token/refresh/", { refresh: session.refresh });
    expect(replay.statusCode).toBe(401);
    // The thief's replay killed the family: the legitimate rotated token is dead too.
    const afterReplay = await anonymous.post("/api/token/refresh/", { refresh: rotated });
    expect(afterReplay.statusCode).toBe(401);
  });

  it("logout revokes the refresh token", async () => {
    const session = await signIn(t, "Preparador");
    const out = await session.client.post("/api/logout/", { refresh: session.refresh });
    expect(out.statusCode).toBe(200);
    const again = await new ApiClient(t.app).post("/api/token/refresh/", { refresh: session.refresh });
    expect(again.statusCode).toBe(401);
  });

  it("answers 401 without a token and with a forged one", async () => {
    expect((await new ApiClient(t.app).get("/api/me/")).statusCode).toBe(401);
    expect((await new ApiClient(t.app, "not.a.jwt").get("/api/me/")).statusCode).toBe(401);
  });

  it("throttles repeated failures for one username from one address with a 429 (tests/api/security/login-throttle.test.ts has the rules)", async () => {
    const user = await createUser(t, "Vendedor");
    const client = new ApiClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await client.post("/api/login/", { username: user.username, password: "mala" })).statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    const limited = await client.post("/api/login/", { username: user.username, password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Demasiados intentos/);
  });

  it("requires the CSRF double submit on non-GET requests other than login and refresh", async () => {
    const session = await signIn(t, "Vendedor");
    const noCsrf = await t.app.inject({
      method: "POST",
      url: "/api/logout/",
      headers: { authorization: `Bearer ${session.access}` },
      payload: { refresh: session.refresh },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().detail).toMatch(/CSRF/);
    expect(noCsrf.cookies.find((c) => c.name === "csrftoken")?.value).toBeTruthy();
  });
});

describe("bad input never becomes a 500", () => {
  it("answers malformed JSON with a Spanish 400", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login/",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe("El cuerpo de la solicitud no es JSON válido.");
  });

  it("answers wrong types with a 400 naming the field", async () => {
    const response = await new ApiClient(t.app).post("/api/login/", { username: 42, password: ["x"] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(["username", "password"]));
  });

  it("answers an oversize body with a 413", async () => {
    const response = await new ApiClient(t.app).post("/api/login/", {
      username: "a".repeat(2 * 1024 * 1024),
      password: "x",
    });
    expect(response.statusCode).toBe(413);
  });

  it("answers unknown API paths with a Spanish 404", async () => {
    const response = await new ApiClient(t.app).get("/api/no-existe/");
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/No se encontró/);
  });
});
