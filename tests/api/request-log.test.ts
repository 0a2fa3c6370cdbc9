import { mkdtempSync, readFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pino from "pino";
import { requestLogger } from "../../server/plugins/request-log";
import { createTestApp, type TestApp } from "../helpers/app";
import { signIn } from "../helpers/factories";

const logFile = join(mkdtempSync(join(tmpdir(), "frio-log-")), "app.log");
const lines = () =>
  readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Waits (up to the writer's flush and then some) for the line of a request to `url` to reach the file. */
async function lineFor(url: string) {
  const deadline = Date.now() + 3_000;
  while (!lines().some((l) => l.url === url) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logFile });
});
afterAll(() => t.close());

describe("request logs at the silent level", () => {
  it("writes no line", async () => {
    const silentFile = join(mkdtempSync(join(tmpdir(), "frio-log-")), "app.log");
    const silent = await createTestApp({ logFile: silentFile, env: { LOG_LEVEL: "silent" } });
    const seller = await signIn(silent, "Vendedor");
    expect((await seller.client.get("/api/me/")).statusCode).toBe(200);
    await silent.close();
    expect(readFileSync(silentFile, "utf8")).toBe("");
  });
});

describe("request logs at the default level", () => {
  it("writes one line per answered request, with method, path, status and time, while the app runs", async () => {
    const seller = await signIn(t, "Vendedor");
    expect((await seller.client.get("/api/me/")).statusCode).toBe(200);
    expect((await seller.client.get("/api/no-existe/")).statusCode).toBe(404);

    // The lines are batched but reach the file while the app keeps running.
    await lineFor("/api/no-existe/");
    const requests = lines().filter((l) => l.msg === "request");
    const me = requests.filter((l) => l.url === "/api/me/");
    expect(me).toHaveLength(1);
    expect(me[0]).toMatchObject({ level: 30, method: "GET", status: 200 });
    expect(me[0]!.ms).toEqual(expect.any(Number));
    expect(me[0]!.reqId).toEqual(expect.any(String));
    // pino's own fields, so log tools read these lines as they read the app's other lines.
    expect(me[0]).toMatchObject({ pid: process.pid, hostname: hostname(), time: expect.any(Number) });
    expect(requests.find((l) => l.url === "/api/no-existe/")).toMatchObject({ status: 404 });
    // Fastify's own arrival line is not written: one line per request.
    expect(lines().some((l) => l.msg === "incoming request")).toBe(false);
  });

  it("keeps a path with backslashes and escapes whole on one line", async () => {
    const seller = await signIn(t, "Vendedor");
    const url = "/api/no-existe/?q=%22%C3%B1\\%22&r=\\\\";
    expect((await seller.client.get(url)).statusCode).toBe(404);
    await lineFor(url);
    expect(lines().find((l) => l.url === url)).toMatchObject({ msg: "request", status: 404 });
  });

  it("writes what is pending when the app closes", async () => {
    const seller = await signIn(t, "Vendedor");
    await seller.client.get("/api/me/");
    await t.app.close();
    expect(lines().filter((l) => l.msg === "request" && l.url === "/api/me/")).toHaveLength(2);
  });
});

describe("a request's logger", () => {
  const parentLogger = () => {
    const written: Record<string, unknown>[] = [];
    const parent = pino(
      { level: "info", base: { pid: 1 } },
      { write: (line: string) => void written.push(JSON.parse(line)) },
    );
    const child = parent.child.bind(parent);
    let children = 0;
    parent.child = ((...args: Parameters<typeof child>) => {
      children++;
      return child(...args);
    }) as typeof parent.child;
    return { parent, written, children: () => children };
  };

  it("writes its lines with the request's id and the app's fields, at the app's level", () => {
    const { parent, written } = parentLogger();
    const log = requestLogger(parent, { reqId: "req-7" }, {});
    expect(log.level).toBe("info");
    log.warn({ code: "23503" }, "input refused by the database");
    log.debug("not written at info");
    expect(written).toEqual([
      expect.objectContaining({
        level: 40,
        pid: 1,
        reqId: "req-7",
        code: "23503",
        msg: "input refused by the database",
      }),
    ]);
  });

  it("makes pino's child only for a request that writes a line", () => {
    const { parent, children } = parentLogger();
    requestLogger(parent, { reqId: "req-8" }, {});
    expect(children()).toBe(0);
    const log = requestLogger(parent, { reqId: "req-9" }, {});
    log.error("one");
    log.error("two");
    expect(children()).toBe(1);
  });
});

describe("a 500's log line", () => {
  it("names the database's fault without the query's parameters or the request's body", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "frio-log-")), "app.log");
    const broken = await createTestApp({ logFile: file });
    const admin = await signIn(broken, "Admin");
    // A fault behind the app's back: the column the insert names is gone.
    await broken.runtime.database.db.execute(sql`alter table clients rename column phone to phone_gone`);
    const response = await admin.client.post("/api/clients/", {
      name: "Secreto Pérez",
      phone: "11-SECRETO-99",
      address: "Calle Oculta 123",
      city: 1,
      shipment: 1,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: "Error del servidor" });
    await broken.close();
    const text = readFileSync(file, "utf8");
    const line = text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((l) => l.level === 50);
    expect(line.err).toMatchObject({
      type: "DrizzleQueryError",
      message: "Failed query",
      cause: { code: "42703", type: "PostgresError" },
    });
    expect(text).not.toMatch(/SECRETO|Secreto|Oculta/);
    expect(text).not.toMatch(/"(params|parameters|args|query|body)"/);
  });
});
