import { asc, eq, sql } from "drizzle-orm";
import { groups, registrationRequests, users } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

export async function listActiveUsers(db: Executor) {
  return db
    .select({ id: users.id, username: users.username, email: users.email, group: groups.name })
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(eq(users.isActive, true))
    .orderBy(asc(users.username));
}

export async function listRegistrationRequests(db: Executor) {
  return db
    .select({
      id: registrationRequests.id,
      username: registrationRequests.username,
      email: registrationRequests.email,
      group: groups.name,
    })
    .from(registrationRequests)
    .innerJoin(groups, eq(groups.id, registrationRequests.groupId))
    .orderBy(asc(registrationRequests.createdAt));
}

export async function takeRegistrationRequest(db: Executor, id: number) {
  const [row] = await db.delete(registrationRequests).where(eq(registrationRequests.id, id)).returning();
  return row ?? null;
}

export async function insertUser(
  db: Executor,
  values: {
    username: string;
    email: string;
    passwordHash: string;
    groupId: number;
    firstName?: string;
    lastName?: string;
  },
) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!;
}

export async function findUserByUsername(db: Executor, username: string) {
  // Usernames are unique regardless of case (users_username_lower_idx).
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning({ id: users.id });
  return row ?? null;
}

export async function deactivateUser(db: Executor, id: number) {
  const [row] = await db.update(users).set({ isActive: false }).where(eq(users.id, id)).returning({ id: users.id });
  return row ?? null;
}
