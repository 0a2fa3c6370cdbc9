import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/app";

let t: TestApp;
let port: number;
beforeAll(async () => {
  // Short limits so the test takes seconds; production defaults are 30 s and 10 s.
  t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: "2000", HEADERS_TIMEOUT_MS: "1000" } });
  port = Number(new URL(await t.app.listen({ port: 0, host: "127.0.0.1" })).port);
});
afterAll(() => t.close());

/** Sends `head`, then one byte of `trickle` every 300 ms; resolves with what the server answered and when it hung up. */
function slowClient(head: string, trickle: string) {
  return new Promise<{ answer: string; ms: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    let answer = "";
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++]!);
    }, 300);
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    });
  });
}

describe("slow clients are cut off", () => {
  it("a body trickled byte by byte is refused with 408 when the request timeout passes", async () => {
    const body = JSON.stringify({ username: "alguien", password: "x".repeat(60) });
    const head = `POST /api/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, ms } = await slowClient(head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(10_000);
  });

  it("headers trickled line by line are refused when the headers timeout passes", async () => {
    const { answer, ms } = await slowClient(
      "GET /api/health/ HTTP/1.1\r\n",
      `Host: 127.0.0.1\r\nX-Lento: ${"a".repeat(40)}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(10_000);
  });
});
