import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { createSigner } from "fast-jwt";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiClient, createSecondInstance, createTestApp, TEST_JWT_SECRET, type TestApp } from "../../helpers/app";
import { createUser, signIn } from "../../helpers/factories";
import { openSocket, type TestSocket } from "../../helpers/socket";

const { redisUrl, postgresUrl, missing } = inject("services");
const reason = missing.redis ?? missing.postgres ?? "";

/** A write every Vendedor may make: an empty body is a 400 while the session holds, a 401 once it ended. */
const write = (client: ApiClient) => client.post("/api/clients/", {});

async function socketReady(url: string, token: string): Promise<TestSocket> {
  const socket = await openSocket(url, { token });
  await socket.waitFor((m) => m.type === "ready");
  return socket;
}

/** The close code of a socket opened with this token, which must be refused. */
async function refusedSocket(url: string, token: string): Promise<number> {
  const socket = await openSocket(url, { token });
  return socket.closed;
}

/** The close code of an open socket, which must close within a second. */
function closedWithinASecond(socket: TestSocket): Promise<number> {
  return Promise.race([
    socket.closed,
    new Promise<number>((_, reject) => setTimeout(() => reject(new Error("socket still open after 1 s")), 1_000)),
  ]);
}

/** Milliseconds until the condition holds; fails past `timeoutMs`. */
async function within(condition: () => Promise<boolean>, timeoutMs = 1_000): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

describe("sessions end when they end (one instance, in-process bus)", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("after logout the access token is refused by /me, a write route and the websocket; the open socket closes", async () => {
    const seller = await signIn(t, "Vendedor");
    const other = new ApiClient(t.app, (await loginAgain(t.app, seller)).access);
    expect((await write(seller.client)).statusCode).toBe(400);
    const open = await socketReady(url, seller.access);
    const otherSocket = await socketReady(url, other.access!);

    expect((await seller.client.post("/api/logout/", { refresh: seller.refresh })).statusCode).toBe(200);
    expect((await seller.client.get("/api/me/")).statusCode).toBe(401);
    expect((await write(seller.client)).statusCode).toBe(401);
    expect(await refusedSocket(url, seller.access)).toBe(4401);
    expect(await closedWithinASecond(open)).toBe(4401);
    expect((await new ApiClient(t.app).post("/api/token/refresh/", { refresh: seller.refresh })).statusCode).toBe(401);

    // The same user's other login is another session: it keeps working, socket included.
    expect((await other.get("/api/me/")).statusCode).toBe(200);
    expect(otherSocket.isOpen()).toBe(true);
    otherSocket.close();
  });

  it("logout without a body still ends the session of the access token", async () => {
    const seller = await signIn(t, "Vendedor");
    expect((await seller.client.post("/api/logout/")).statusCode).toBe(200);
    expect((await seller.client.get("/api/me/")).statusCode).toBe(401);
    expect((await new ApiClient(t.app).post("/api/token/refresh/", { refresh: seller.refresh })).statusCode).toBe(401);
  });

  it("after an Admin deactivates a user, the user's tokens and sockets are refused", async () => {
    const seller = await signIn(t, "Vendedor");
    const admin = await signIn(t, "Admin");
    const open = await socketReady(url, seller.access);
    expect((await admin.client.post("/api/admin/users/deactivate/", { user_id: seller.id })).statusCode).toBe(200);
    expect((await seller.client.get("/api/me/")).statusCode).toBe(401);
    expect((await write(seller.client)).statusCode).toBe(401);
    expect(await refusedSocket(url, seller.access)).toBe(4401);
    expect(await closedWithinASecond(open)).toBe(4403);
  });

  it("a replayed refresh token ends the session it came from", async () => {
    const seller = await signIn(t, "Vendedor");
    const anonymous = new ApiClient(t.app);
    const rotated = (await anonymous.post("/api/token/refresh/", { refresh: seller.refresh })).json();
    const current = new ApiClient(t.app, rotated.access);
    expect((await current.get("/api/me/")).statusCode).toBe(200);
    expect((await anonymous.post("/api/token/refresh/", { refresh: seller.refresh })).statusCode).toBe(401);
    expect((await current.get("/api/me/")).statusCode).toBe(401);
  });

  it("refuses tokens without an expiry or without a session, signed with the server's own key", async () => {
    const seller = await signIn(t, "Vendedor");
    const sid = JSON.parse(Buffer.from(seller.access.split(".")[1]!, "base64url").toString()).sid as string;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    const sign = createSigner({ key: TEST_JWT_SECRET, algorithm: "HS256" });
    const signLater = createSigner({ key: TEST_JWT_SECRET, algorithm: "HS256", expiresIn: 60_000 });
    const forged = {
      "no exp": sign({ sub: String(seller.id), grp: "Vendedor", sid }),
      "no sid": signLater({ sub: String(seller.id), grp: "Vendedor" }),
      "unknown sid": signLater({ sub: String(seller.id), grp: "Vendedor", sid: randomUUID() }),
      "another user's sid": signLater({ sub: String((await createUser(t, "Vendedor")).id), grp: "Vendedor", sid }),
    };
    // The control: the same claims with an expiry and the user's session are accepted.
    const good = signLater({ sub: String(seller.id), grp: "Vendedor", sid });
    expect((await new ApiClient(t.app, good).get("/api/me/")).statusCode).toBe(200);
    for (const [name, token] of Object.entries(forged)) {
      expect([name, (await new ApiClient(t.app, token).get("/api/me/")).statusCode]).toEqual([name, 401]);
      expect([name, await refusedSocket(url, token)]).toEqual([name, 4401]);
    }
  });
});

/** A second login of the same user: another session. */
async function loginAgain(app: FastifyInstance, user: { username: string; password: string }) {
  const response = await new ApiClient(app).post("/api/login/", { username: user.username, password: user.password });
  return response.json() as { access: string; refresh: string };
}

describe("sessions end on every instance (production: two instances, Postgres and Redis)", () => {
  let first: TestApp | null = null;
  let second: Awaited<ReturnType<typeof createSecondInstance>> | null = null;
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it.skipIf(!redisUrl || !postgresUrl)(
    `a logout or a deactivation on one instance is refused by the other within a second ${reason}`,
    async () => {
      first = await createTestApp({ redis: true });
      second = await createSecondInstance(first);
      const secondUrl = await second.app.listen({ port: 0, host: "127.0.0.1" });

      const seller = await signIn(first, "Vendedor");
      const onSecond = new ApiClient(second.app, seller.access);
      // The second instance has just read the session and keeps it for its requests.
      expect((await onSecond.get("/api/me/")).statusCode).toBe(200);
      const open = await socketReady(secondUrl, seller.access);

      expect((await seller.client.post("/api/logout/", { refresh: seller.refresh })).statusCode).toBe(200);
      const logoutMs = await within(async () => (await onSecond.get("/api/me/")).statusCode === 401);
      expect(await closedWithinASecond(open)).toBe(4401);
      expect((await write(onSecond)).statusCode).toBe(401);
      expect(await refusedSocket(secondUrl, seller.access)).toBe(4401);

      const courier = await signIn(first, "Vendedor");
      const courierOnSecond = new ApiClient(second.app, courier.access);
      expect((await courierOnSecond.get("/api/me/")).statusCode).toBe(200);
      const courierSocket = await socketReady(secondUrl, courier.access);
      const admin = await signIn(first, "Admin");
      expect((await admin.client.post("/api/admin/users/deactivate/", { user_id: courier.id })).statusCode).toBe(200);
      const deactivationMs = await within(async () => (await courierOnSecond.get("/api/me/")).statusCode === 401);
      expect(await closedWithinASecond(courierSocket)).toBe(4403);
      expect((await write(courierOnSecond)).statusCode).toBe(401);
      expect(await refusedSocket(secondUrl, courier.access)).toBe(4401);
      console.info(
        `second instance refused: after logout in ${logoutMs} ms, after deactivation in ${deactivationMs} ms`,
      );
    },
  );
});
