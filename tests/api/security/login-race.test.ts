import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOGIN_FAILED } from "@domain/contracts/auth";
import { PER_ADDRESS, PER_USER_ADDRESS } from "../../../server/features/auth/login-throttle";
import { createTestApp, type TestApp } from "../../helpers/app";
import { createUser } from "../../helpers/factories";

const { redisUrl, postgresUrl, missing } = inject("services");
const productionSkip = !redisUrl || !postgresUrl ? (missing.redis ?? missing.postgres ?? "no Redis or Postgres") : "";

/** An address no other test (or earlier run on the same Redis) has used. */
const freshAddress = () => `10.${randomInt(100, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;

/**
 * Only a verified attempt is answered 401 with the login message: a throttled one is a 429
 * before any password is looked at. So the 401s count the argon2 verifications.
 */
function verifiedCount(statuses: { statusCode: number; body: string }[]) {
  for (const response of statuses) expect([401, 429]).toContain(response.statusCode);
  const verified = statuses.filter((r) => r.statusCode === 401);
  for (const response of verified) expect(JSON.parse(response.body)).toEqual({ detail: LOGIN_FAILED });
  return verified.length;
}

describe.each([
  ["embedded, counted in the process", { embedded: true }, ""],
  ["production, counted in Redis", { redis: true }, productionSkip],
] as const)("a login throttle that cannot be raced (%s)", (_mode, options, skip) => {
  let t: TestApp;
  beforeAll(async () => {
    if (!skip) t = await createTestApp(options);
  });
  afterAll(() => t?.close());

  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: "POST", url: "/api/login/", payload: { username, password }, remoteAddress });

  it.skipIf(!!skip)(
    `40 wrong passwords sent at once for one user verify at most ${PER_USER_ADDRESS.free} ${skip}`,
    async () => {
      const user = await createUser(t, "Vendedor");
      const address = freshAddress();
      // Half of them write the name in capitals: it is the same name, with the same count.
      const names = [user.username, user.username.toUpperCase()];
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(names[i % 2]!, "mala-clave", address)),
      );
      const verified = verifiedCount(answers);
      expect(verified).toBeGreaterThan(0);
      expect(verified).toBeLessThanOrEqual(PER_USER_ADDRESS.free);
    },
  );

  it.skipIf(!!skip)(
    `80 usernames sent at once from one address verify at most ${PER_ADDRESS.free} ${skip}`,
    async () => {
      const address = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) => login(`nadie.${i}.${address}`, "mala-clave", address)),
      );
      const verified = verifiedCount(answers);
      expect(verified).toBeGreaterThan(0);
      expect(verified).toBeLessThanOrEqual(PER_ADDRESS.free);
    },
  );

  it.skipIf(!!skip)(`people logging in right from one office address give their attempts back ${skip}`, async () => {
    const address = freshAddress();
    const staff = await Promise.all(Array.from({ length: PER_ADDRESS.free + 2 }, () => createUser(t, "Vendedor")));
    for (const person of staff) expect((await login(person.username, person.password, address)).statusCode).toBe(200);
    const someone = await createUser(t, "Vendedor");
    expect((await login(someone.username, "un-error", address)).statusCode).toBe(401);
    expect((await login(someone.username, someone.password, address)).statusCode).toBe(200);
  });
});
