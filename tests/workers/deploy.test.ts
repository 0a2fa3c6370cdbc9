import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { signIn } from "../helpers/factories";
import { openSocket } from "../helpers/socket";

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function appWith(command?: string) {
  const t = await createTestApp({ env: command ? { DEPLOY_COMMAND: command } : {} });
  apps.push(t);
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const admin = await signIn(t, "Admin");
  const socket = await openSocket(baseUrl, { token: admin.access, last_event_id: 0 });
  await socket.waitFor((m) => m.type === "ready");
  return { t, admin, socket };
}

const logLines = (socket: Awaited<ReturnType<typeof openSocket>>) =>
  socket
    .events()
    .filter((e) => e.type === "deploy.log" && typeof e.data.line === "string")
    .map((e) => e.data.line);

describe("the deploy job", () => {
  it("answers 503 with a clear detail when DEPLOY_COMMAND is not set", async () => {
    const { admin } = await appWith();
    const response = await admin.client.post("/api/deploy/");
    expect(response.statusCode).toBe(503);
    expect(response.json().detail).toMatch(/DEPLOY_COMMAND/);
  });

  it("runs a harmless command and streams its output to the Admin's screen", async () => {
    const { admin, socket } = await appWith("echo hola; echo mundo");
    const response = await admin.client.post("/api/deploy/");
    expect(response.json()).toEqual({ success: true, message: "Despliegue iniciado. Recargando en unos segundos..." });
    const done = await socket.waitFor(
      (m) => m.type === "event" && m.event.type === "deploy.log" && m.event.data.done === true,
    );
    expect(done).toMatchObject({ event: { id: null, data: { code: 0 } } });
    expect(logLines(socket)).toEqual(["hola", "mundo"]);
  });

  it("reports a failing command's output and exit code, then allows another deploy", async () => {
    const { admin, socket } = await appWith("echo 'algo salió mal' >&2; exit 3");
    await admin.client.post("/api/deploy/");
    const done = await socket.waitFor((m) => m.type === "event" && m.event.data.done === true);
    expect(done).toMatchObject({ event: { data: { code: 3 } } });
    expect(logLines(socket)).toEqual(["algo salió mal"]);
    expect((await admin.client.post("/api/deploy/")).statusCode).toBe(200);
  });

  it("runs one deploy at a time: a second request while one runs is a 409", async () => {
    const { admin, socket } = await appWith("sleep 1; echo listo");
    expect((await admin.client.post("/api/deploy/")).statusCode).toBe(200);
    const second = await admin.client.post("/api/deploy/");
    expect(second.statusCode).toBe(409);
    await socket.waitFor((m) => m.type === "event" && m.event.data.done === true, 10_000);
  });

  it("is for Admin only", async () => {
    const { t } = await appWith("echo x");
    const seller = await signIn(t, "Vendedor");
    expect((await seller.client.post("/api/deploy/")).statusCode).toBe(403);
  });
});
