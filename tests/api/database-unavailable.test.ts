import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SERVICE_UNAVAILABLE } from "@domain/contracts/errors";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { createRuntime } from "../../server/runtime";
import { PROCESSORS } from "../../workers/registry";
import { ApiClient, createTestApp, TEST_JWT_SECRET, type TestApp } from "../helpers/app";
import { signIn } from "../helpers/factories";
import { freePort } from "../helpers/redis-server";
import { eventually } from "../helpers/worker-process";

const { postgresUrl, missing } = inject("services");
const logFile = join(mkdtempSync(join(tmpdir(), "frio-log-")), "app.log");
const logLines = () =>
  readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; level: number; err?: { code?: string } });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logFile });
});
afterAll(() => t.close());

describe("a client that aborts its request body", () => {
  it("is logged as an aborted request, not as a database fault", async () => {
    const { port } = new URL(await t.app.listen({ port: 0, host: "127.0.0.1" }));
    const admin = await signIn(t, "Admin");
    // The server's own view of the request: the body is being read once Fastify listens on it.
    let arrived: IncomingMessage | null = null;
    t.app.server.on("request", (request: IncomingMessage) => (arrived = request));
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.write(
        `POST /api/clients/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin.access}\r\nCookie: csrftoken=c\r\nX-CSRFToken: c\r\n` +
          `Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"name": "Ana`,
      );
    });
    expect(await eventually(async () => (arrived?.listenerCount("data") ?? 0) > 0, 5_000)).toBe(true);
    // Mid-body, the client goes away.
    socket.destroy();
    expect(await eventually(async () => logLines().some((l) => /aborted/i.test(l.msg)), 5_000)).toBe(true);
    expect(logLines().filter((l) => /database/i.test(l.msg))).toEqual([]);
  });
});

describe.skipIf(!postgresUrl)(`a database that refuses connections ${missing.postgres ?? ""}`, () => {
  it("answers 503 with the retry message, then serves again by itself once connections are allowed", async () => {
    const admin = await signIn(t, "Admin");
    expect((await admin.client.get("/api/orders/")).statusCode).toBe(200);
    const name = new URL(t.databaseUrl!).pathname.slice(1);
    const superuser = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
    try {
      // As an operator closing the database for maintenance, or Postgres going down.
      await superuser.unsafe(`alter database "${name}" allow_connections false`);
      await superuser`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      for (let i = 0; i < 3; i++) {
        const refused = await admin.client.get("/api/orders/");
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({ detail: SERVICE_UNAVAILABLE });
      }
    } finally {
      await superuser.unsafe(`alter database "${name}" allow_connections true`);
      await superuser.end();
    }
    // No restart: the pool reconnects on its own.
    expect(await eventually(async () => (await admin.client.get("/api/orders/")).statusCode === 200, 10_000)).toBe(
      true,
    );
  });
});

describe("a database nobody listens for", () => {
  it("answers 503 with the retry message (connection refused)", async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), "frio-refused-")),
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: "silent",
    });
    const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/frio`, poolSize: 1 });
    const runtime = await createRuntime(config, PROCESSORS, { database });
    const app = await buildApp({ ...runtime, logger: false });
    try {
      const response = await new ApiClient(app, app.jwt.sign({ sub: "1", grp: "Admin", sid: randomUUID() })).get(
        "/api/orders/",
      );
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: SERVICE_UNAVAILABLE });
    } finally {
      await app.close();
      await runtime.close();
    }
  });
});
