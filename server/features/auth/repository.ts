import { and, count, eq, isNull, ne, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { ADMIN_GROUP } from "@domain/permissions";
import { groups, refreshTokens, registrationRequests, usedChallenges, users } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

export interface AuthenticatedUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  profileImage: string | null;
  group: string;
}

const userColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImage: users.profileImage,
  group: groups.name,
};

/** An active user with the columns a request's user carries: what both per-request reads start from. */
const activeUsersWhere = (db: Executor, ...conditions: SQL[]) =>
  db
    .select(userColumns)
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(and(eq(users.id, sql.placeholder("id")), eq(users.isActive, true), ...conditions));

type Prepared<P> = { execute(params: P): Promise<AuthenticatedUser[]> };

/** A statement prepared once per database (kept beside it, gone with it): these run on every authenticated request. */
function preparedOnce<P>(cache: WeakMap<Executor, Prepared<P>>, db: Executor, prepare: () => Prepared<P>) {
  let query = cache.get(db);
  if (!query) {
    query = prepare();
    cache.set(db, query);
  }
  return query;
}

const activeUserQueries = new WeakMap<Executor, Prepared<{ id: number }>>();

export async function findActiveUser(db: Executor, id: number): Promise<AuthenticatedUser | null> {
  const query = preparedOnce(activeUserQueries, db, () => activeUsersWhere(db).prepare("find_active_user"));
  const [row] = await query.execute({ id });
  return row ?? null;
}

const activeSessionQueries = new WeakMap<Executor, Prepared<{ id: number; sid: string }>>();

/**
 * The user behind an access token, while the user is active and the token's session (its
 * refresh-token family) has not ended: a logout, a replayed refresh token, a password reset
 * or a deactivation revokes the family. Run on every authenticated request the per-instance
 * cache has not answered.
 */
export async function findActiveSession(db: Executor, id: number, sid: string): Promise<AuthenticatedUser | null> {
  const query = preparedOnce(activeSessionQueries, db, () =>
    activeUsersWhere(
      db,
      sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder("sid")}
            and ${refreshTokens.userId} = ${users.id} and ${refreshTokens.revokedAt} is null)`,
    ).prepare("find_active_session"),
  );
  const [row] = await query.execute({ id, sid });
  return row ?? null;
}

/** Names compared as domain/usernames.ts's usernameKey does, in SQL so both sides use the same lower(). */
const nameKey = (column: SQLWrapper) => sql`lower(normalize(${column}, NFKC))`;

/**
 * The user a login names: the name as typed first (a name stored before today's rule, with
 * spaces or accents, keeps working), else its plain form (fullwidth `ａｄｍｉｎ` finds `admin`).
 */
export async function findLoginCandidate(db: Executor, username: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(
      or(
        sql`lower(${users.username}) = lower(${username})`,
        sql`${nameKey(users.username)} = ${nameKey(sql`${username}`)}`,
      ),
    )
    .orderBy(sql`lower(${users.username}) = lower(${username}) desc`, users.id)
    .limit(1);
  return row ?? null;
}

/** The groups a registration request may ask for: Admins are made by Admins. */
export async function listRequestableGroups(db: Executor) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(ne(groups.name, ADMIN_GROUP))
    .orderBy(groups.id);
}

export async function findGroup(db: Executor, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row ?? null;
}

export async function findGroupByName(db: Executor, name: string) {
  const [row] = await db.select().from(groups).where(eq(groups.name, name));
  return row ?? null;
}

/** Taken by a user or a pending request with the same name once compared without case or look-alike forms. */
export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const key = nameKey(sql`${username}`);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${nameKey(users.username)} = ${key}`)
    .limit(1);
  if (user) return true;
  const [request] = await db
    .select({ id: registrationRequests.id })
    .from(registrationRequests)
    .where(sql`${nameKey(registrationRequests.username)} = ${key}`)
    .limit(1);
  return !!request;
}

/** Pending registration requests, counted under a transaction lock that serialises new requests. */
export async function lockAndCountPendingRequests(db: Executor): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('registration_requests'))`);
  const [row] = await db.select({ n: count() }).from(registrationRequests);
  return Number(row!.n);
}

export async function insertRegistrationRequest(
  db: Executor,
  values: { username: string; email: string; passwordHash: string; groupId: number },
) {
  const [row] = await db
    .insert(registrationRequests)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: registrationRequests.id });
  return row ?? null;
}

export async function insertRefreshToken(
  db: Executor,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for("update");
  return row ?? null;
}

export async function markRefreshTokenUsed(db: Executor, id: number) {
  await db.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, id));
}

/** Ends one session of a user; false when it was not theirs or had already ended. */
export async function revokeSession(db: Executor, familyId: string, userId: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserTokens(db: Executor, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Records a spent challenge; false when it was already spent (a replay). */
export async function spendChallenge(db: Executor, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(usedChallenges).values({ signature, expiresAt }).onConflictDoNothing().returning();
  return rows.length === 1;
}
