import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILED } from "@domain/contracts/auth";
import { PER_ADDRESS, PER_USER_ADDRESS } from "../../../server/features/auth/login-throttle";
import { createTestApp, type TestApp } from "../../helpers/app";
import { createUser } from "../../helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/login/", payload: { username, password }, remoteAddress, headers });

async function failTimes(n: number, username: string, address: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < n; i++) expect((await login(username, "mala-clave", address, headers)).statusCode).toBe(401);
}

/**
 * Repeats a failing attempt until it is refused. A wait counts from the last counted attempt,
 * and a counted attempt verifies an argon2 hash first: on a busy machine that verification can
 * outlast the first wait (1 s), and the next attempt is then rightly let through. The doubling
 * waits outgrow any verification within a few attempts, while a refusal is answered at once.
 */
async function untilRefused<T extends { statusCode: number }>(attempt: () => Promise<T>): Promise<T> {
  let answer = await attempt();
  for (let tries = 1; answer.statusCode === 401 && tries < 6; tries++) answer = await attempt();
  return answer;
}

describe("login throttling (per username and address, per address; never a lock for everyone)", () => {
  it("delays the address that keeps failing, while the owner logs in from elsewhere", async () => {
    const user = await createUser(t, "Vendedor");
    await failTimes(PER_USER_ADDRESS.free, user.username, "10.1.0.1");
    expect((await untilRefused(() => login(user.username, "mala-clave", "10.1.0.1"))).statusCode).toBe(429);
    // The right password from that address waits too: it would otherwise be a free guess.
    const throttled = await login(user.username, user.password, "10.1.0.1");
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/Demasiados intentos fallidos/);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThanOrEqual(1);

    const owner = await login(user.username, user.password, "10.1.0.2");
    expect(owner.statusCode).toBe(200);
  });

  it("the delay grows with each further failure, and an attempt made during it starts it again", async () => {
    const user = await createUser(t, "Vendedor");
    await failTimes(PER_USER_ADDRESS.free, user.username, "10.2.0.1");
    const first = await untilRefused(() => login(user.username, "mala-clave", "10.2.0.1"));
    expect(first.statusCode).toBe(429);
    const firstWait = Number(first.headers["retry-after"]);
    // Retrying at once is refused and starts the wait again; retrying after the wait the answer named is checked.
    const hurried = await login(user.username, "mala-clave", "10.2.0.1");
    expect([hurried.statusCode, Number(hurried.headers["retry-after"])]).toEqual([429, firstWait]);
    await new Promise((r) => setTimeout(r, firstWait * 1000 + 100));
    expect((await login(user.username, "mala-clave", "10.2.0.1")).statusCode).toBe(401);
    const second = await login(user.username, "mala-clave", "10.2.0.1");
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(firstWait);
  });

  it("a forged X-Forwarded-For does not give a new address (TRUST_PROXY is off)", async () => {
    const user = await createUser(t, "Vendedor");
    for (let i = 0; i < PER_USER_ADDRESS.free; i++) {
      expect(
        (await login(user.username, "mala", "10.3.0.1", { "x-forwarded-for": `203.0.113.${i + 1}` })).statusCode,
      ).toBe(401);
    }
    let forgedAddress = 77;
    const forged = await untilRefused(() =>
      login(user.username, "mala", "10.3.0.1", { "x-forwarded-for": `198.51.100.${forgedAddress++}` }),
    );
    expect(forged.statusCode).toBe(429);
  });

  it("one address spraying many usernames is slowed down too", async () => {
    for (let i = 0; i < PER_ADDRESS.free; i++)
      expect((await login(`nadie${i}`, "mala", "10.4.0.1")).statusCode).toBe(401);
    let other = 0;
    expect((await untilRefused(() => login(`otro.nadie.${other++}`, "mala", "10.4.0.1"))).statusCode).toBe(429);
    expect((await login("otro.nadie", "mala", "10.4.0.2")).statusCode).toBe(401);
  });

  it("answers a wrong user and a wrong password alike, in about the same time", async () => {
    const user = await createUser(t, "Vendedor");
    const timed = async (username: string, address: string) => {
      const started = performance.now();
      const response = await login(username, "mala-clave", address);
      return { ms: performance.now() - started, status: response.statusCode, body: response.json() };
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrongUser: number[] = [];
    const wrongPassword: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await timed(`no.existe.${i}`, `10.5.1.${i}`);
      const b = await timed(user.username, `10.5.2.${i}`);
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect(a.body).toEqual({ detail: LOGIN_FAILED });
      expect(b.body).toEqual(a.body);
      wrongUser.push(a.ms);
      wrongPassword.push(b.ms);
    }
    // Both verify one argon2 hash: a missing user must not answer in a fraction of the time.
    const ratio = median(wrongUser) / median(wrongPassword);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe("behind a proxy (TRUST_PROXY=1)", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => proxied.close());

  it("counts the client address the proxy reports", async () => {
    const user = await createUser(proxied, "Vendedor");
    const via = (client: string, password = "mala") =>
      proxied.app.inject({
        method: "POST",
        url: "/api/login/",
        payload: { username: user.username, password },
        remoteAddress: "10.9.0.1",
        headers: { "x-forwarded-for": client },
      });
    for (let i = 0; i < PER_USER_ADDRESS.free; i++) expect((await via("203.0.113.5")).statusCode).toBe(401);
    expect((await untilRefused(() => via("203.0.113.5"))).statusCode).toBe(429);
    expect((await via("203.0.113.6", user.password)).statusCode).toBe(200);
  });
});
