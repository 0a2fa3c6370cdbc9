import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/app";
import { openTestDatabase } from "../../helpers/database";
import { signIn } from "../../helpers/factories";
import { spawnServer } from "../../helpers/server-process";
import { openSocket } from "../../helpers/socket";
import { socketsInState, TCP_STATE } from "../../helpers/tcp-states";
import { eventually } from "../../helpers/worker-process";

const { postgresUrl, redisUrl, missing } = inject("services");

let t: TestApp;
let port: number;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(baseUrl).port);
});
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await t.close();
});

/** Requests that ask to switch protocols on routes that have none to switch to, as the probe sent them. */
const UPGRADES = [
  "GET /api/health/ HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n",
  "GET /api/me/ HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
  "GET /login HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: foo\r\n\r\n",
  'POST /api/login/ HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: foo\r\nContent-Type: application/json\r\nContent-Length: 32\r\n\r\n{"username":"a","password":"bb"}',
];

/** Upgrades to a websocket with a method other than GET: only a GET opens one (RFC 6455 §4.1). */
const NOT_GET_ON_THE_SOCKET = ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"].map(
  (method) =>
    `${method} /api/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
);

/** Sends one raw request and resolves with the socket and the answer's head once it arrives. */
function ask(toPort: number, request: string) {
  return new Promise<{ socket: Socket; head: string }>((resolve, reject) => {
    const socket = connect(toPort, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n\r\n")) resolve({ socket, head: answer });
    });
    socket.on("error", reject);
    socket.on("close", () => resolve({ socket, head: answer }));
  });
}

/** As a client that is done: reads the answer, then hangs up its side. */
const askAndLeave = async (toPort: number, request: string) => {
  const { socket, head } = await ask(toPort, request);
  socket.end();
  return head;
};

const twoHundred = <T>(send: (request: string) => Promise<T>) =>
  Promise.all(Array.from({ length: 200 }, (_, i) => send(UPGRADES[i % UPGRADES.length]!)));

const fiftyNotGet = <T>(send: (request: string) => Promise<T>) =>
  Promise.all(Array.from({ length: 50 }, (_, i) => send(NOT_GET_ON_THE_SOCKET[i % NOT_GET_ON_THE_SOCKET.length]!)));

describe("an Upgrade header on a route without websockets", () => {
  it("is answered, and the server closes its socket: none left in CLOSE-WAIT", async () => {
    const answers = await twoHundred((request) => askAndLeave(port, request));
    expect(answers.filter((a) => !/^HTTP\/1\.1 [2-4]\d\d /.test(a))).toEqual([]);
    // The server's side of each connection, as the kernel lists it, within 5 s.
    await eventually(async () => socketsInState(port, TCP_STATE.CLOSE_WAIT) === 0, 5_000);
    expect(socketsInState(port, TCP_STATE.CLOSE_WAIT)).toBe(0);
  });

  it("is answered as the same request without the header would be, with Connection: close", async () => {
    for (const request of UPGRADES) {
      const plain = request.replace(/Connection: Upgrade[^\r]*\r\nUpgrade: [^\r]*\r\n/, "");
      const status = (head: string) => head.split("\r\n", 1)[0];
      const upgraded = await askAndLeave(port, request);
      expect(upgraded).toMatch(/\r\nconnection: close\r\n/i);
      // Node reads no body after an Upgrade header: a body announced with one is missing, a 400.
      const expected = request.startsWith("POST") ? "HTTP/1.1 400 Bad Request" : status(await askAndLeave(port, plain));
      expect(status(upgraded), request).toBe(expected);
    }
  });

  it("a POST, PUT, DELETE, OPTIONS or PATCH upgrade on /api/ws is answered as a plain request and its socket closed", async () => {
    const answers = await fiftyNotGet((request) => askAndLeave(port, request));
    // No such route for those methods: a plain 404, never 101, on a connection the server ends.
    expect(answers.filter((a) => !/^HTTP\/1\.1 404 /.test(a) || !/\r\nconnection: close\r\n/i.test(a))).toEqual([]);
    await eventually(async () => socketsInState(port, TCP_STATE.CLOSE_WAIT) === 0, 5_000);
    expect(socketsInState(port, TCP_STATE.CLOSE_WAIT)).toBe(0);
  });

  it("the websocket endpoint still upgrades", async () => {
    const admin = await signIn(t, "Admin");
    const socket = await openSocket(baseUrl, { token: admin.access });
    await socket.waitFor((m) => m.type === "ready");
    socket.close();
  });
});

describe("closing the server", () => {
  it("completes with clients still connected after such requests and a websocket that never answers the close", async () => {
    const other = await createTestApp({ closeDeadlineMs: 1_000 });
    const otherPort = Number(new URL(await other.app.listen({ port: 0, host: "127.0.0.1" })).port);
    const stayed = await twoHundred((request) => ask(otherPort, request));
    // A websocket client that completes the handshake and then reads nothing: ws would wait 30 s for its close frame.
    const mute = await ask(
      otherPort,
      "GET /api/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
    );
    expect(mute.head).toMatch(/^HTTP\/1\.1 101 /);
    mute.socket.pause();
    await other.close();
    expect(socketsInState(otherPort, TCP_STATE.ESTABLISHED)).toBe(0);
    stayed.forEach(({ socket }) => {
      socket.destroy();
    });
    mute.socket.destroy();
  });

  it.skipIf(!postgresUrl || !redisUrl)(
    `SIGTERM stops the API process within 1 s after 200 such requests and 50 non-GET upgrades on /api/ws ${missing.postgres ?? missing.redis ?? ""}`,
    async () => {
      const database = await openTestDatabase();
      await database.handle.close();
      const server = await spawnServer({ databaseUrl: database.url!, redisUrl: redisUrl! });
      cleanups.push(async () => {
        server.child.kill("SIGKILL");
        await database.drop();
      });
      // Clients that read the answer and never hang up: the server must end each connection itself.
      const stayed = [
        ...(await twoHundred((request) => ask(server.port, request))),
        ...(await fiftyNotGet((request) => ask(server.port, request))),
      ];
      expect(stayed.filter(({ head }) => !/^HTTP\/1\.1 [2-4]\d\d /.test(head)).length).toBe(0);
      const signalled = performance.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      // Bounded by its 10 s deadline only when some socket was left open.
      expect(performance.now() - signalled).toBeLessThan(1_000);
      stayed.forEach(({ socket }) => {
        socket.destroy();
      });
    },
    // Starting the process compiles the server with tsx: tens of seconds on a busy machine.
    120_000,
  );
});
