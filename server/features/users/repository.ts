import { and, asc, count, eq, sql } from "drizzle-orm";
import { ADMIN_GROUP } from "@domain/permissions";
import { groups, registrationRequests, users } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

export async function listActiveUsers(db: Executor) {
  return db
    .select({ id: users.id, username: users.username, email: users.email, group: groups.name, groupId: users.groupId })
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(eq(users.isActive, true))
    .orderBy(asc(users.username));
}

/** A page of the requests awaiting approval, oldest first (the id breaks ties, so pages never overlap). */
export async function listRegistrationRequests(db: Executor, page: { limit: number; offset: number }) {
  return db
    .select({
      id: registrationRequests.id,
      username: registrationRequests.username,
      email: registrationRequests.email,
      group: groups.name,
    })
    .from(registrationRequests)
    .innerJoin(groups, eq(groups.id, registrationRequests.groupId))
    .orderBy(asc(registrationRequests.createdAt), asc(registrationRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRegistrationRequests(db: Executor) {
  const [row] = await db.select({ count: count() }).from(registrationRequests);
  return row!.count;
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

export async function listGroups(db: Executor) {
  return db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.id));
}

export async function findGroupById(db: Executor, id: number) {
  const [row] = await db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, id));
  return row ?? null;
}

/** An active user with their group, locked until the transaction ends. */
export async function lockActiveUser(db: Executor, id: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, groupId: users.groupId, group: groups.name })
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(and(eq(users.id, id), eq(users.isActive, true)))
    .for("update", { of: users });
  return row ?? null;
}

/**
 * How many active Admins there are, their rows locked: two Admins deactivating (or demoting)
 * each other at once take turns, and the second sees the first's change.
 */
export async function lockActiveAdmins(db: Executor): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(and(eq(groups.name, ADMIN_GROUP), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for("update", { of: users });
  return rows.length;
}
