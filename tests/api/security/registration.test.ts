import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTCHA_REQUIRED, GROUP_REQUIRED, USERNAME_UNAVAILABLE } from "@domain/contracts/auth";
import { groups } from "../../../drizzle/schema";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { solveCaptcha } from "../../helpers/captcha";
import { hashPassword } from "../../../server/features/auth/service";
import { insertUser } from "../../../server/features/users/repository";
import { createUser, signIn } from "../../helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const anonymous = () => new ApiClient(t.app);
const groupId = async (name: string) =>
  (await t.runtime.database.db.select().from(groups).where(eq(groups.name, name)))[0]!.id;
const request = async (overrides: Record<string, unknown>) =>
  anonymous().post("/api/register-request/", {
    email: "r@frio.test",
    password: "una-clave-larga",
    group_id: await groupId("Vendedor"),
    ...overrides,
  });
const register = async (username: string) => request({ username, recaptcha: await solveCaptcha(t.app) });

describe("registration tells nothing for free", () => {
  it("checks the challenge before the username: a taken name without a solution answers as any missing challenge", async () => {
    const taken = await createUser(t, "Vendedor");
    const withoutSolution = await request({ username: taken.username, recaptcha: "bm9wZQ==" });
    const freeName = await request({ username: "libre.sin.captcha", recaptcha: "bm9wZQ==" });
    expect(withoutSolution.statusCode).toBe(400);
    expect(withoutSolution.json()).toEqual(freeName.json());
    expect(withoutSolution.json().detail).toBe(CAPTCHA_REQUIRED);
  });

  it("a taken username answers 400 with a field message, as other refusals of the form do", async () => {
    const taken = await createUser(t, "Vendedor");
    const response = await request({ username: taken.username, recaptcha: await solveCaptcha(t.app) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: USERNAME_UNAVAILABLE, errors: { username: USERNAME_UNAVAILABLE } });
  });

  it("usernames are unique regardless of case, against users and pending requests", async () => {
    expect((await request({ username: "Jefa.Compras", recaptcha: await solveCaptcha(t.app) })).statusCode).toBe(200);
    const pendingTwin = await request({ username: "JEFA.compras", recaptcha: await solveCaptcha(t.app) });
    expect(pendingTwin.statusCode).toBe(400);
    expect(pendingTwin.json().detail).toBe(USERNAME_UNAVAILABLE);

    await createUser(t, "Admin", { username: "admin.caso" });
    const userTwin = await request({ username: "ADMIN.CASO", recaptcha: await solveCaptcha(t.app) });
    expect(userTwin.statusCode).toBe(400);
  });

  it("the Admin group cannot be requested", async () => {
    const response = await request({
      username: "quiero.ser.admin",
      group_id: await groupId("Admin"),
      recaptcha: await solveCaptcha(t.app),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(GROUP_REQUIRED);
  });

  it("a user logs in with the username in any case", async () => {
    const user = await createUser(t, "Vendedor", { username: "Mixto.Caso" });
    const response = await anonymous().post("/api/login/", { username: "mixto.caso", password: user.password });
    expect(response.statusCode).toBe(200);
  });
});

/** A user stored before today's rule, straight into the table as an old registration left it. */
async function legacyUser(username: string) {
  const password = "clave-de-antes-123";
  await insertUser(t.runtime.database.db, {
    username,
    email: "",
    passwordHash: await hashPassword(password),
    groupId: await groupId("Vendedor"),
  });
  return { username, password };
}

const login = (username: string, password: string) => anonymous().post("/api/login/", { username, password });

describe("usernames a person can tell apart", () => {
  it("refuses look-alike and invisible characters at registration with a Spanish message naming them", async () => {
    await createUser(t, "Admin", { username: "jefe" });
    const cases: [string, RegExp][] = [
      ["jefe\u200b", /carácter invisible U\+200B/],
      ["j\u0435fe", /“е” \(U\+0435\)/],
      ["ｊｅｆｅ", /Escribilo así: jefe/],
      ["jef\u0131", /“ı” \(U\+0131\)/],
      ["\u202ejefe", /carácter invisible U\+202E/],
      ["je\u0007fe", /carácter invisible U\+0007/],
      ["jefe\nadmin", /carácter invisible U\+000A/],
      ["jo", /entre 3 y 30 caracteres/],
    ];
    for (const [username, message] of cases) {
      const response = await register(username);
      expect([username, response.statusCode]).toEqual([username, 400]);
      expect(response.json().errors.username).toMatch(message);
      expect(response.json().errors.username).toMatch(/^El usuario /);
    }
  });

  it("stores a new name in lower case, and a name differing only in case is taken", async () => {
    expect((await register("Nueva.Persona")).statusCode).toBe(200);
    const admin = await signIn(t, "Admin");
    const pending = (await admin.client.get("/api/admin/approvals/")).json().registration_requests;
    expect(pending.map((r: { username: string }) => r.username)).toContain("nueva.persona");
    expect((await register("NUEVA.PERSONA")).json().detail).toBe(USERNAME_UNAVAILABLE);
  });

  it("a new plain name that an old look-alike name already reads as is taken", async () => {
    await legacyUser("ｃａｊａ");
    const response = await register("caja");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.username).toBe(USERNAME_UNAVAILABLE);
  });

  it("users stored before the rule keep logging in, as typed, in another case, or in the plain form", async () => {
    const spaced = await legacyUser("María José Pérez");
    const short = await legacyUser("Bo");
    const wide = await legacyUser("ｔｅｓｏｒｅｒｏ");
    expect((await login(spaced.username, spaced.password)).statusCode).toBe(200);
    expect((await login("MARÍA JOSÉ PÉREZ", spaced.password)).statusCode).toBe(200);
    expect((await login(short.username, short.password)).statusCode).toBe(200);
    expect((await login(wide.username, wide.password)).statusCode).toBe(200);
    expect((await login("tesorero", wide.password)).statusCode).toBe(200);
    expect((await login("Tesorero", "otra-clave")).statusCode).toBe(401);
  });
});
