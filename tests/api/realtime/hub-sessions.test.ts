import { randomUUID } from "node:crypto";
import fastifyJwt from "@fastify/jwt";
import fastifyWebsocket from "@fastify/websocket";
import { createSigner } from "fast-jwt";
import Fastify, { type FastifyInstance } from "fastify";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryBus } from "../../../server/realtime/bus";
import { createAccessVerifier } from "../../../server/plugins/auth";
import { registerHub } from "../../../server/realtime/hub";
import { createTestApp, TEST_JWT_SECRET, type TestApp } from "../../helpers/app";
import { openSocket } from "../../helpers/socket";

const LOADER_DELAY_MS = 30;
const SID = randomUUID();

let t: TestApp;
let app: FastifyInstance;
let hub: Awaited<ReturnType<typeof registerHub>>;
let url: string;
/** Sessions the loader answers as ended, as the database would after a logout. */
const ended = new Set<string>();
/** The in-process bus, whose subscription this test can say came back after an outage. */
const resubscribed: (() => void)[] = [];
const bus = { ...createMemoryBus(), onResubscribed: (listener: () => void) => void resubscribed.push(listener) };
beforeAll(async () => {
  t = await createTestApp();
  // The hub alone, with a user loader as slow as a busy database.
  app = Fastify();
  await app.register(fastifyWebsocket);
  await app.register(fastifyJwt, { secret: TEST_JWT_SECRET, sign: { expiresIn: "15m" } });
  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin; Biome reads register() as taking a callback
    async (api) => {
      hub = await registerHub(api, {
        db: t.runtime.database.db,
        bus,
        verifyToken: createAccessVerifier(TEST_JWT_SECRET),
        loadUser: async (id, sid) => {
          await new Promise((r) => setTimeout(r, LOADER_DELAY_MS));
          return ended.has(sid) ? null : { id, group: "Admin" };
        },
      });
    },
    { prefix: "/api" },
  );
  url = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("websocket sessions in the hub", () => {
  it("keeps nothing of a socket that closes while its login is being checked", async () => {
    const token = app.jwt.sign({ sub: "1", grp: "Admin", sid: SID });
    const closed = await Promise.all(
      Array.from(
        { length: 100 },
        () =>
          new Promise<void>((resolve) => {
            const socket = new WebSocket(`${url.replace("http", "ws")}/api/ws`);
            socket.on("open", () => {
              socket.send(JSON.stringify({ type: "auth", token }));
              socket.close();
            });
            socket.on("close", () => resolve());
          }),
      ),
    );
    expect(closed).toHaveLength(100);
    // Every loader call has come back by now, and none of them left a subscriber behind.
    await new Promise((r) => setTimeout(r, LOADER_DELAY_MS * 4));
    expect(hub.connections()).toBe(0);

    const alive = await openSocket(url, { token });
    await alive.waitFor((m) => m.type === "ready");
    expect(hub.connections()).toBe(1);
    alive.close();
    await until(() => hub.connections() === 0);
  });

  it("closes a socket when its access token expires, unless a fresh token arrives on it", async () => {
    // Both tokens end at the same second, at least a second from now.
    const exp = Math.floor(Date.now() / 1000) + 2;
    const sign = createSigner({ key: TEST_JWT_SECRET, algorithm: "HS256" });
    const endingAt = (sub: string) => sign({ sub, grp: "Admin", sid: SID, exp });
    const expiring = await openSocket(url, { token: endingAt("1") });
    const renewed = await openSocket(url, { token: endingAt("2") });
    await Promise.all([expiring.waitFor((m) => m.type === "ready"), renewed.waitFor((m) => m.type === "ready")]);
    renewed.send({ type: "auth", token: app.jwt.sign({ sub: "2", grp: "Admin", sid: SID }, { expiresIn: 60 }) });

    expect(await expiring.closed).toBe(4401);
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 + 300 - Date.now())));
    expect(renewed.isOpen()).toBe(true);
    renewed.close();
  });

  it("refuses a renewal that carries another user's token", async () => {
    const socket = await openSocket(url, { token: app.jwt.sign({ sub: "3", grp: "Admin", sid: SID }) });
    await socket.waitFor((m) => m.type === "ready");
    socket.send({ type: "auth", token: app.jwt.sign({ sub: "4", grp: "Admin", sid: SID }) });
    expect(await socket.closed).toBe(4401);
  });

  it("after a bus outage, closes the sockets whose session ended meanwhile (their event went to nobody)", async () => {
    const sign = createSigner({ key: TEST_JWT_SECRET, algorithm: "HS256", expiresIn: 60_000 });
    const lost = randomUUID();
    const ending = await openSocket(url, { token: sign({ sub: "5", grp: "Admin", sid: lost }) });
    const staying = await openSocket(url, { token: sign({ sub: "5", grp: "Admin", sid: randomUUID() }) });
    await Promise.all([ending.waitFor((m) => m.type === "ready"), staying.waitFor((m) => m.type === "ready")]);
    ended.add(lost);
    for (const listener of resubscribed) listener();
    expect(await ending.closed).toBe(4401);
    await new Promise((r) => setTimeout(r, LOADER_DELAY_MS * 4));
    expect(staying.isOpen()).toBe(true);
    staying.close();
  });
});
