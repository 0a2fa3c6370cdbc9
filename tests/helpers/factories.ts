import { eq } from "drizzle-orm";
import { groups } from "../../drizzle/schema";
import type { GroupName } from "@domain/permissions";
import { hashPassword } from "../../server/features/auth/service";
import { insertUser } from "../../server/features/users/repository";
import type { TestApp } from "./app";
import { ApiClient } from "./app";

let sequence = 0;
const TEST_PASSWORD = "clave-segura-123";

export async function createUser(
  t: TestApp,
  group: GroupName,
  overrides: { username?: string; password?: string } = {},
) {
  const [row] = await t.runtime.database.db.select().from(groups).where(eq(groups.name, group));
  const username = overrides.username ?? `${group.toLowerCase()}${++sequence}_${Date.now() % 100000}`;
  const password = overrides.password ?? TEST_PASSWORD;
  const { id } = await insertUser(t.runtime.database.db, {
    username,
    email: `${username}@frio.test`,
    passwordHash: await hashPassword(password),
    groupId: row!.id,
    firstName: group,
    lastName: "Prueba",
  });
  return { id, username, password };
}

/** A user of the group, logged in through the real endpoint. */
export async function signIn(t: TestApp, group: GroupName) {
  const user = await createUser(t, group);
  const response = await new ApiClient(t.app).post("/api/login/", { username: user.username, password: user.password });
  const tokens = response.json() as { access: string; refresh: string };
  return { ...user, ...tokens, client: new ApiClient(t.app, tokens.access) };
}
