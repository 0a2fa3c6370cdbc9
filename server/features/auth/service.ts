import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { CurrentUser, LoginRequest, RegisterRequest, TokenPair } from "../../../domain/contracts/auth";
import { LOGIN_FAILED } from "../../../domain/contracts/auth";
import type { Database } from "../../db/types";
import { Conflict, Invalid, Unauthorized } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { HumanCheck } from "./captcha";
import * as repo from "./repository";
import type { AuthenticatedUser } from "./repository";

const REFRESH_TTL_MS = 7 * 24 * 3600 * 1000;
// A hash to verify against when the user does not exist, so timing does not tell.
const DUMMY_HASH = await hash("frio-dummy-password");

export const hashPassword = (password: string) => hash(password);

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface AuthServiceDeps {
  db: Database;
  signAccess(user: AuthenticatedUser): string;
  humanCheck: HumanCheck;
  onCommit(): void;
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

export function createAuthService({ db, signAccess, humanCheck, onCommit }: AuthServiceDeps) {
  async function issuePair(user: AuthenticatedUser, familyId: string = randomUUID()): Promise<TokenPair> {
    const refresh = randomBytes(32).toString("base64url");
    await repo.insertRefreshToken(db, {
      userId: user.id,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
    });
    return { access: signAccess(user), refresh };
  }

  return {
    async login({ username, password }: LoginRequest): Promise<TokenPair> {
      const candidate = await repo.findLoginCandidate(db, username);
      const ok = await verify(candidate?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
      if (!candidate || !ok || !candidate.isActive) throw new Unauthorized(LOGIN_FAILED);
      return issuePair(candidate);
    },

    /** Rotates the refresh token; presenting a spent one revokes its whole family. */
    async refresh(token: string): Promise<TokenPair> {
      const outcome = await db.transaction(async (tx) => {
        const stored = await repo.findRefreshToken(tx, hashToken(token));
        if (!stored || stored.revokedAt || stored.expiresAt < new Date()) return null;
        if (stored.usedAt) {
          await repo.revokeFamily(tx, stored.familyId);
          return "reused" as const;
        }
        await repo.markRefreshTokenUsed(tx, stored.id);
        return stored;
      });
      if (!outcome || outcome === "reused") throw new Unauthorized("Sesión vencida o inválida. Iniciá sesión nuevamente.");
      const user = await repo.findActiveUser(db, outcome.userId);
      if (!user) throw new Unauthorized("Sesión vencida o inválida. Iniciá sesión nuevamente.");
      return issuePair(user, outcome.familyId);
    },

    async logout(token: string | undefined, userId: number): Promise<void> {
      if (!token) return repo.revokeUserTokens(db, userId);
      const stored = await repo.findRefreshToken(db, hashToken(token));
      if (stored && stored.userId === userId) await repo.revokeFamily(db, stored.familyId);
    },

    listGroups: () => repo.listGroups(db),

    async register(request: RegisterRequest, remoteIp: string): Promise<void> {
      const group = await repo.findGroup(db, request.group_id);
      if (!group) throw new Invalid("Selecciona un grupo.", { group_id: "Selecciona un grupo." });
      if (await repo.usernameTaken(db, request.username)) {
        throw new Conflict("Ese nombre de usuario ya está en uso o tiene una solicitud pendiente.");
      }
      await humanCheck.verify(db, request.recaptcha, remoteIp);
      const passwordHash = await hash(request.password);
      await db.transaction(async (tx) => {
        const row = await repo.insertRegistrationRequest(tx, {
          username: request.username,
          email: request.email,
          passwordHash,
          groupId: group.id,
        });
        if (!row) throw new Conflict("Ese nombre de usuario ya está en uso o tiene una solicitud pendiente.");
        await appendEvent(tx, { type: "user.registration_requested", actorId: null, data: { id: row.id, username: request.username } });
      });
      onCommit();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
