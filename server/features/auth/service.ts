import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { CurrentUser, LoginRequest, RegisterRequest, TokenPair } from "@domain/contracts/auth";
import { GROUP_REQUIRED, LOGIN_FAILED, TOO_MANY_PENDING_REQUESTS, USERNAME_UNAVAILABLE } from "@domain/contracts/auth";
import { ADMIN_GROUP } from "@domain/permissions";
import type { Database } from "../../db/types";
import { Invalid, TooMany, Unauthorized } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { HumanCheck } from "./captcha";
import type { LoginThrottle } from "./login-throttle";
import * as repo from "./repository";
import type { AuthenticatedUser } from "./repository";

const REFRESH_TTL_MS = 7 * 24 * 3600 * 1000;
// A hash to verify against when the user does not exist, so timing does not tell.
const DUMMY_HASH = await hash("frio-dummy-password");

export const hashPassword = (password: string) => hash(password);

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface AuthServiceDeps {
  db: Database;
  /** The access token of `user` within the session `sessionId` (its refresh-token family). */
  signAccess(user: AuthenticatedUser, sessionId: string): string;
  humanCheck: HumanCheck;
  throttle: LoginThrottle;
  /** Registration requests that may wait at once, from every address together. */
  pendingRequestsMax: number;
  /**
   * After sessions ended (`sessionIds`, or every session of the user when null): their access
   * tokens and open sockets are refused on every instance.
   */
  onSessionsEnded?(userId: number, sessionIds: string[] | null): void;
}

export function toCurrentUser(user: AuthenticatedUser, imageUrl: (file: string) => string): CurrentUser {
  const display = `${user.firstName} ${user.lastName}`.trim();
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    profile_image: user.profileImage ? imageUrl(user.profileImage) : null,
    groups: [user.group],
    group: user.group,
    display_name: display || user.username,
  };
}

export function createAuthService({
  db,
  signAccess,
  pendingRequestsMax,
  humanCheck,
  throttle,
  onSessionsEnded = () => {},
}: AuthServiceDeps) {
  async function issuePair(user: AuthenticatedUser, familyId: string = randomUUID()): Promise<TokenPair> {
    const refresh = randomBytes(32).toString("base64url");
    await repo.insertRefreshToken(db, {
      userId: user.id,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
    });
    return { access: signAccess(user, familyId), refresh };
  }

  return {
    /**
     * A wrong user, a wrong password and an inactive user get the same answer after the same
     * work (one argon2 verify); the attempt is counted before it, and throttled ones are
     * refused without it.
     */
    async login({ username, password }: LoginRequest, address: string): Promise<TokenPair> {
      const waitMs = await throttle.attempt(username, address);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new TooMany(`Demasiados intentos fallidos. Esperá ${seconds} s y volvé a intentar.`, seconds);
      }
      const candidate = await repo.findLoginCandidate(db, username);
      const ok = await verify(candidate?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
      if (!candidate || !ok || !candidate.isActive) throw new Unauthorized(LOGIN_FAILED);
      await throttle.succeeded(username, address);
      return issuePair(candidate);
    },

    /** Rotates the refresh token; presenting a spent one revokes its whole family. */
    async refresh(token: string): Promise<TokenPair> {
      const outcome = await db.transaction(async (tx) => {
        const stored = await repo.findRefreshToken(tx, hashToken(token));
        if (!stored || stored.revokedAt || stored.expiresAt < new Date()) return null;
        if (stored.usedAt) {
          await repo.revokeFamily(tx, stored.familyId);
          return { reused: stored };
        }
        await repo.markRefreshTokenUsed(tx, stored.id);
        return stored;
      });
      // A replayed token: whoever holds the family's current access token loses it too.
      if (outcome && "reused" in outcome) onSessionsEnded(outcome.reused.userId, [outcome.reused.familyId]);
      if (!outcome || "reused" in outcome)
        throw new Unauthorized("Sesión vencida o inválida. Iniciá sesión nuevamente.");
      const user = await repo.findActiveUser(db, outcome.userId);
      if (!user) throw new Unauthorized("Sesión vencida o inválida. Iniciá sesión nuevamente.");
      return issuePair(user, outcome.familyId);
    },

    /**
     * Ends the session the access token belongs to, and the one of the refresh token sent
     * (when it is the user's): both are the same unless the client mixed two logins.
     */
    async logout(token: string | undefined, userId: number, sessionId: string): Promise<void> {
      const ended = [sessionId];
      await db.transaction(async (tx) => {
        await repo.revokeSession(tx, sessionId, userId);
        const stored = token ? await repo.findRefreshToken(tx, hashToken(token)) : null;
        if (stored && stored.userId === userId && stored.familyId !== sessionId) {
          await repo.revokeSession(tx, stored.familyId, userId);
          ended.push(stored.familyId);
        }
      });
      onSessionsEnded(userId, ended);
    },

    listGroups: () => repo.listRequestableGroups(db),

    /**
     * The challenge first, so nothing about existing names is told for free; then every
     * refusal of the form is a 400 with a field message, a taken name included.
     */
    async register(request: RegisterRequest, remoteIp: string): Promise<void> {
      await humanCheck.verify(db, request.recaptcha, remoteIp);
      const group = await repo.findGroup(db, request.group_id);
      if (!group || group.name === ADMIN_GROUP) throw new Invalid(GROUP_REQUIRED, { group_id: GROUP_REQUIRED });
      // Hashed before the name check, so a taken name does not answer faster than a free one.
      const passwordHash = await hash(request.password);
      if (await repo.usernameTaken(db, request.username))
        throw new Invalid(USERNAME_UNAVAILABLE, { username: USERNAME_UNAVAILABLE });
      await db.transaction(async (tx) => {
        // The per-address limit does not stop many addresses: the pending list has a ceiling too,
        // counted under a lock so two requests cannot both take the last place.
        if ((await repo.lockAndCountPendingRequests(tx)) >= pendingRequestsMax)
          throw new TooMany(TOO_MANY_PENDING_REQUESTS, 3600);
        const row = await repo.insertRegistrationRequest(tx, {
          username: request.username,
          email: request.email,
          passwordHash,
          groupId: group.id,
        });
        if (!row) throw new Invalid(USERNAME_UNAVAILABLE, { username: USERNAME_UNAVAILABLE });
        await appendEvent(tx, {
          type: "user.registration_requested",
          actorId: null,
          data: { id: row.id, username: request.username },
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
