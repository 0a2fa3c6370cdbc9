import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LAST_ADMIN_DEACTIVATE,
  LAST_ADMIN_DEMOTE,
  SELF_DEACTIVATE,
  SELF_GROUP,
  SELF_PASSWORD,
} from "@domain/user-admin";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { createUser, signIn } from "../../helpers/factories";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let groupId: (name: string) => number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, "Admin");
  const groups = (await admin.client.get("/api/admin/approvals/")).json().groups as { id: number; name: string }[];
  expect(groups.map((g) => g.name)).toEqual(["Admin", "Vendedor", "Preparador", "Despachante", "Cadete"]);
  groupId = (name) => groups.find((g) => g.name === name)!.id;
});
afterAll(() => t.close());

const login = (user: { username: string }, password: string) =>
  new ApiClient(t.app).post("/api/login/", { username: user.username, password });
const trail = async (query: string) => (await admin.client.get(`/api/audit/?${query}`)).json().results;

describe("an Admin resets a user's password", () => {
  it("answers a new password once, which logs in, while the old one and the user's sessions end", async () => {
    const seller = await signIn(t, "Vendedor");
    const response = await admin.client.post("/api/admin/users/reset-password/", { user_id: seller.id });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("no-store");
    const { password } = response.json() as { password: string };
    expect(password).toMatch(/^[a-zA-Z2-9]{5}-[a-zA-Z2-9]{5}-[a-zA-Z2-9]{5}$/);

    expect((await seller.client.get("/api/me/")).statusCode).toBe(401);
    expect((await new ApiClient(t.app).post("/api/token/refresh/", { refresh: seller.refresh })).statusCode).toBe(401);
    expect((await login(seller, seller.password)).statusCode).toBe(401);
    expect((await login(seller, password)).statusCode).toBe(200);

    const [row] = await trail(`action=user.password_reset&entity_id=${seller.id}`);
    expect(row).toMatchObject({ actor: admin.username, entity: "user", after: { password: "restablecida" } });
    expect(JSON.stringify(row)).not.toContain(password);
    // Another reset gives another password.
    const again = (await admin.client.post("/api/admin/users/reset-password/", { user_id: seller.id })).json();
    expect(again.password).not.toBe(password);
  });

  it("refuses their own password, an unknown or deactivated user, and a non-Admin", async () => {
    const own = await admin.client.post("/api/admin/users/reset-password/", { user_id: admin.id });
    expect([own.statusCode, own.json().detail]).toEqual([409, SELF_PASSWORD]);
    const gone = await createUser(t, "Preparador");
    await admin.client.post("/api/admin/users/deactivate/", { user_id: gone.id });
    const deactivated = await admin.client.post("/api/admin/users/reset-password/", { user_id: gone.id });
    expect(deactivated.statusCode).toBe(404);
    expect((await admin.client.post("/api/admin/users/reset-password/", { user_id: "x" })).statusCode).toBe(400);
    const seller = await signIn(t, "Vendedor");
    expect((await seller.client.post("/api/admin/users/reset-password/", { user_id: gone.id })).statusCode).toBe(403);
  });
});

describe("an Admin changes a user's group", () => {
  it("moves the user, records it by group name, and the next login carries the new group", async () => {
    const seller = await signIn(t, "Vendedor");
    const response = await admin.client.post("/api/admin/users/change-group/", {
      user_id: seller.id,
      group_id: groupId("Despachante"),
    });
    expect(response.statusCode).toBe(200);
    expect((await seller.client.get("/api/me/")).statusCode).toBe(401);
    const relogged = (await login(seller, seller.password)).json();
    expect((await new ApiClient(t.app, relogged.access).get("/api/me/")).json().group).toBe("Despachante");
    const listed = (await admin.client.get("/api/admin/approvals/")).json().active_users;
    expect(listed.find((u: { id: number }) => u.id === seller.id)).toMatchObject({
      groups: ["Despachante"],
      group_id: groupId("Despachante"),
    });
    const [row] = await trail(`action=user.group_changed&entity_id=${seller.id}`);
    expect(row).toMatchObject({
      actor: admin.username,
      before: { group: "Vendedor" },
      after: { group: "Despachante" },
    });
  });

  it("refuses an unknown group and their own group in Spanish", async () => {
    const seller = await createUser(t, "Vendedor");
    const unknown = await admin.client.post("/api/admin/users/change-group/", { user_id: seller.id, group_id: 999 });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([400, "Elegí un grupo válido."]);
    const own = await admin.client.post("/api/admin/users/change-group/", {
      user_id: admin.id,
      group_id: groupId("Vendedor"),
    });
    expect([own.statusCode, own.json().detail]).toEqual([409, SELF_GROUP]);
  });
});

describe("the last active Admin stays", () => {
  it("refuses deactivating oneself", async () => {
    const own = await admin.client.post("/api/admin/users/deactivate/", { user_id: admin.id });
    expect([own.statusCode, own.json().detail]).toEqual([409, SELF_DEACTIVATE]);
  });

  it("two Admins deactivating or demoting each other at once leave exactly one Admin", async () => {
    // Only `admin` stays active in the Admin group, then each round pairs the survivor with a new Admin.
    const others = (await admin.client.get("/api/admin/approvals/")).json().active_users as {
      id: number;
      groups: string[];
    }[];
    for (const other of others.filter((u) => u.groups[0] === "Admin" && u.id !== admin.id))
      expect((await admin.client.post("/api/admin/users/deactivate/", { user_id: other.id })).statusCode).toBe(200);

    let survivor = admin;
    const refusals: string[] = [];
    for (let round = 0; round < 6; round++) {
      const newcomer = await signIn(t, "Admin");
      const act = (actor: typeof admin, target: typeof admin) =>
        round % 2
          ? actor.client.post("/api/admin/users/change-group/", { user_id: target.id, group_id: groupId("Vendedor") })
          : actor.client.post("/api/admin/users/deactivate/", { user_id: target.id });
      const [one, two] = await Promise.all([act(survivor, newcomer), act(newcomer, survivor)]);
      const statuses = [one.statusCode, two.statusCode];
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.every((s) => [200, 401, 409].includes(s))).toBe(true);
      for (const refused of [one, two].filter((r) => r.statusCode === 409)) refusals.push(refused.json().detail);
      survivor = one.statusCode === 200 ? survivor : newcomer;
      const listed = (await survivor.client.get("/api/admin/approvals/")).json().active_users as { groups: string[] }[];
      expect(listed.filter((u) => u.groups[0] === "Admin")).toHaveLength(1);
    }
    // The refusals that raced the lock name the rule (a loser whose session already ended gets a 401 instead).
    for (const detail of refusals) expect([LAST_ADMIN_DEACTIVATE, LAST_ADMIN_DEMOTE]).toContain(detail);
  });
});
