import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_DISPLACED, SOCKETS_PER_USER } from "@domain/contracts/events";
import { createTestApp, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";
import { openSocket } from "../../helpers/socket";
import { eventually } from "../../helpers/worker-process";

const logFile = join(mkdtempSync(join(tmpdir(), "frio-log-")), "app.log");
const logLines = () =>
  readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; code?: string });

let t: TestApp;
let wsUrl: string;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ logFile });
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  wsUrl = `${baseUrl.replace(/^http/, "ws")}/api/ws`;
});
afterAll(() => t.close());

/** A raw socket, to read the close code and reason the server sends. */
function rawSocket() {
  const socket = new WebSocket(wsUrl);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on("error", () => {});
  const open = new Promise<void>((resolve) => socket.once("open", () => resolve()));
  return { socket, closed, open };
}

describe("sockets per user", () => {
  it(`a user holds at most ${SOCKETS_PER_USER}: the next one closes the oldest with ${SOCKET_DISPLACED.code} '${SOCKET_DISPLACED.reason}'; others' sockets stay`, async () => {
    const admin = await signIn(t, "Admin");
    const other = await signIn(t, "Admin");
    const othersSocket = await openSocket(baseUrl, { token: other.access });
    await othersSocket.waitFor((m) => m.type === "ready");

    const oldest = rawSocket();
    await oldest.open;
    oldest.socket.send(JSON.stringify({ type: "auth", token: admin.access, last_event_id: 0 }));
    await new Promise((resolve) => oldest.socket.once("message", resolve));
    const next = [];
    for (let i = 1; i < SOCKETS_PER_USER; i++) {
      const socket = await openSocket(baseUrl, { token: admin.access });
      await socket.waitFor((m) => m.type === "ready");
      next.push(socket);
    }
    // Twenty open: none closed yet.
    expect(oldest.socket.readyState).toBe(WebSocket.OPEN);

    const newest = await openSocket(baseUrl, { token: admin.access });
    await newest.waitFor((m) => m.type === "ready");
    expect(await oldest.closed).toEqual({ code: SOCKET_DISPLACED.code, reason: SOCKET_DISPLACED.reason });
    expect([...next, newest].every((s) => s.isOpen())).toBe(true);
    expect(othersSocket.isOpen()).toBe(true);

    // Eighty more on the same token: still twenty held, the newest ones.
    const more = await Promise.all(
      Array.from({ length: 80 }, async () => {
        const socket = await openSocket(baseUrl, { token: admin.access });
        await socket.waitFor((m) => m.type === "ready");
        return socket;
      }),
    );
    const all = [...next, newest, ...more];
    expect(await eventually(async () => all.filter((s) => s.isOpen()).length === SOCKETS_PER_USER, 5_000)).toBe(true);
    expect(othersSocket.isOpen()).toBe(true);
    for (const s of [...all, othersSocket]) s.close();
  });
});

describe("a frame over the 64 KB limit", () => {
  it("closes its socket (1009) with one info line per socket, authenticated or not, and no error-level line", async () => {
    const admin = await signIn(t, "Admin");
    const before = logLines().length;
    const big = "x".repeat(100 * 1024);
    const sockets = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const s = rawSocket();
        await s.open;
        if (i === 0) {
          s.socket.send(JSON.stringify({ type: "auth", token: admin.access, last_event_id: 0 }));
          await new Promise((resolve) => s.socket.once("message", resolve));
        }
        // Several in a row, as a flooding client sends them before the close reaches it.
        for (let frame = 0; frame < 5; frame++) s.socket.send(big);
        return s;
      }),
    );
    const closes = await Promise.all(sockets.map((s) => s.closed));
    expect(closes.map((c) => c.code)).toEqual(Array(6).fill(1009));

    const written = async () => logLines().slice(before);
    await eventually(async () => (await written()).filter((l) => l.msg.startsWith("websocket")).length >= 6, 3_000);
    // The lines reach the file in batches: give a late one the time to show up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = await written();
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const faults = lines.filter((l) => l.msg === "websocket closed: client fault");
    expect(faults).toHaveLength(6);
    expect(faults.every((l) => l.level === 30 && l.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH")).toBe(true);
  });
});
