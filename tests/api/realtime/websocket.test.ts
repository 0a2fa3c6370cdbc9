import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { solveCaptcha } from "../../helpers/captcha";
import { signIn } from "../../helpers/factories";
import { openSocket } from "../../helpers/socket";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

let counter = 0;
async function requestRegistration() {
  const username = `ws.solicitud${++counter}`;
  const response = await new ApiClient(t.app).post("/api/register-request/", {
    username,
    email: `${username}@frio.test`,
    password: "una-clave-larga",
    group_id: 2,
    recaptcha: await solveCaptcha(t.app),
  });
  expect(response.statusCode).toBe(200);
  return username;
}

describe("the websocket delivers events by group, live and after reconnect", () => {
  it("streams a new registration request to an Admin but not to a Vendedor", async () => {
    const admin = await signIn(t, "Admin");
    const seller = await signIn(t, "Vendedor");
    const adminSocket = await openSocket(baseUrl, { token: admin.access, last_event_id: 0 });
    const sellerSocket = await openSocket(baseUrl, { token: seller.access, last_event_id: 0 });
    await adminSocket.waitFor((m) => m.type === "ready");
    await sellerSocket.waitFor((m) => m.type === "ready");

    const username = await requestRegistration();
    const message = await adminSocket.waitFor((m) => m.type === "event" && m.event.data.username === username);
    expect(message).toMatchObject({ type: "event", event: { type: "user.registration_requested", actor: null } });
    await new Promise((r) => setTimeout(r, 300));
    expect(sellerSocket.events()).toEqual([]);
    adminSocket.close();
    sellerSocket.close();
  });

  it("replays what a client missed, in id order, each event once", async () => {
    const admin = await signIn(t, "Admin");
    const first = await openSocket(baseUrl, { token: admin.access, last_event_id: 0 });
    await first.waitFor((m) => m.type === "ready");
    const seen = await requestRegistration();
    const seenEvent = await first.waitFor((m) => m.type === "event" && m.event.data.username === seen);
    first.close();
    const lastId = seenEvent.type === "event" ? seenEvent.event.id! : 0;

    const missed = [await requestRegistration(), await requestRegistration()];
    const second = await openSocket(baseUrl, { token: admin.access, last_event_id: lastId });
    await second.waitFor((m) => m.type === "event" && m.event.data.username === missed[1]);
    const live = await requestRegistration();
    await second.waitFor((m) => m.type === "event" && m.event.data.username === live);

    const events = second.events();
    const ids = events.map((e) => e.id!);
    expect(ids.every((id) => id > lastId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(events.map((e) => e.data.username)).toEqual([...missed, live]);
    second.close();
  });

  it("closes a socket that does not authenticate, or authenticates with a bad token", async () => {
    const bad = await openSocket(baseUrl, { token: "forged" });
    expect(await bad.closed).toBe(4401);
    const silent = await openSocket(baseUrl, null);
    expect(await silent.closed).toBe(4401);
  }, 10_000);

  it("closes the sockets of a user who logs out, and only theirs", async () => {
    const seller = await signIn(t, "Vendedor");
    const other = await signIn(t, "Vendedor");
    const socket = await openSocket(baseUrl, { token: seller.access, last_event_id: 0 });
    const bystander = await openSocket(baseUrl, { token: other.access, last_event_id: 0 });
    await Promise.all([socket.waitFor((m) => m.type === "ready"), bystander.waitFor((m) => m.type === "ready")]);
    expect((await seller.client.post("/api/logout/", { refresh: seller.refresh })).statusCode).toBe(200);
    expect(await socket.closed).toBe(4401);
    await new Promise((r) => setTimeout(r, 200));
    expect(bystander.isOpen()).toBe(true);
    bystander.close();
  });

  it("closes the socket of a user who is deactivated", async () => {
    const seller = await signIn(t, "Vendedor");
    const admin = await signIn(t, "Admin");
    const socket = await openSocket(baseUrl, { token: seller.access, last_event_id: 0 });
    await socket.waitFor((m) => m.type === "ready");
    await admin.client.post("/api/admin/users/deactivate/", { user_id: seller.id });
    expect(await socket.closed).toBe(4403);
  });
});
