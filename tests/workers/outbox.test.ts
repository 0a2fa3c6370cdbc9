import type { ChildProcess } from "node:child_process";
import { gt } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { orderEvents, outboxCursor } from "../../drizzle/schema";
import { ApiClient, createTestApp, type TestApp } from "../helpers/app";
import { solveCaptcha } from "../helpers/captcha";
import { signIn } from "../helpers/factories";
import { freePort, hasRedisServer, startRedis } from "../helpers/redis-server";
import { openSocket } from "../helpers/socket";
import type { ServerSocketMessage } from "@domain/contracts/events";

const { postgresUrl, missing } = inject("services");
const reason = !postgresUrl ? missing.postgres : !hasRedisServer ? "needs the redis-server binary" : "";

let t: TestApp | null = null;
let redis: ChildProcess | null = null;
afterAll(async () => {
  redis?.kill("SIGKILL");
  await t?.close();
});

describe("the outbox while Redis is away", () => {
  it.skipIf(!!reason)(
    `keeps the API working and publishes the events when Redis returns ${reason}`,
    async () => {
      const port = await freePort();
      redis = await startRedis(port);
      t = await createTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
      const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const admin = await signIn(t, "Admin");
      const socket = await openSocket(baseUrl, { token: admin.access, last_event_id: 0 });
      await socket.waitFor((m) => m.type === "ready");
      const recaptcha = await solveCaptcha(t.app);

      redis.kill("SIGKILL");
      await new Promise((r) => setTimeout(r, 300));
      const response = await new ApiClient(t.app).post("/api/register-request/", {
        username: "durante.caida",
        email: "caida@frio.test",
        password: "una-clave-larga",
        group_id: 2,
        recaptcha,
      });
      expect(response.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
      const [cursor] = await t.runtime.database.db.select().from(outboxCursor);
      const waiting = await t.runtime.database.db
        .select()
        .from(orderEvents)
        .where(gt(orderEvents.id, cursor!.lastEventId));
      const requested = waiting.find((e) => e.type === "user.registration_requested");
      expect(requested).toBeDefined();
      // This instance's own sockets have it already: its relay hands each event over before Redis.
      const isRequest = (m: ServerSocketMessage) => m.type === "event" && m.event.data.username === "durante.caida";
      await socket.waitFor(isRequest);

      // Other instances get it through Redis: the cursor moves past it only once it is published there.
      redis = await startRedis(port);
      const published = async () =>
        (await t!.runtime.database.db.select().from(outboxCursor))[0]!.lastEventId >= requested!.id;
      const deadline = Date.now() + 15_000;
      while (!(await published())) {
        if (Date.now() > deadline) throw new Error("the event was not published when Redis returned");
        await new Promise((r) => setTimeout(r, 50));
      }
      // The relay tried it again on every tick of the outage; the socket still has it once.
      expect(socket.events().filter((e) => e.data.username === "durante.caida")).toHaveLength(1);
      socket.close();
    },
    40_000,
  );
});
