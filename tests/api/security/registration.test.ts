import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTCHA_REQUIRED, GROUP_REQUIRED, USERNAME_UNAVAILABLE } from "../../../domain/contracts/auth";
import { groups } from "../../../drizzle/schema";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { solveCaptcha } from "../../helpers/captcha";
import { createUser } from "../../helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const anonymous = () => new ApiClient(t.app);
const groupId = async (name: string) => (await t.runtime.database.db.select().from(groups).where(eq(groups.name, name)))[0]!.id;
const request = async (overrides: Record<string, unknown>) =>
  anonymous().post("/api/register-request/", { email: "r@frio.test", password: "una-clave-larga", group_id: await groupId("Vendedor"), ...overrides });

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
    const response = await request({ username: "quiero.ser.admin", group_id: await groupId("Admin"), recaptcha: await solveCaptcha(t.app) });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(GROUP_REQUIRED);
  });

  it("a user logs in with the username in any case", async () => {
    const user = await createUser(t, "Vendedor", { username: "Mixto.Caso" });
    const response = await anonymous().post("/api/login/", { username: "mixto.caso", password: user.password });
    expect(response.statusCode).toBe(200);
  });
});
