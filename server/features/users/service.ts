import { randomBytes, randomInt } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { GROUP_INVALID, type ApprovalsQuery, type ApprovalsResponse } from "../../../domain/contracts/users";
import { pagingOf } from "../../../domain/contracts/paging";
import { userChangeRefusal, type UserChange } from "../../../domain/user-admin";
import type { Database, Executor } from "../../db/types";
import { Conflict, Invalid, NotFound } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import { findGroupByName, revokeUserTokens } from "../auth";
import { hashPassword } from "../auth";
import { recordAudit } from "../audit";
import { reencodeImage } from "./image";
import * as repo from "./repository";

const PROFILE_SIZE_PX = 256;
// No 0/O, 1/l/I: a password read aloud or copied from a screen by hand.
const PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 15 characters in three groups (about 87 bits), e.g. `k7Qm2-xRt9p-Hw4Zc`. */
function generatePassword(): string {
  const group = () => Array.from({ length: 5 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("");
  return `${group()}-${group()}-${group()}`;
}

export interface UsersServiceDeps {
  db: Database;
  uploadsDir: string;
  /** After a change to what a user's requests see of the user (deactivation, photo). */
  onUserChanged?(userId: number): void;
  /** After every session of the user ended (password reset, group change): refused on every instance. */
  onSessionsEnded?(userId: number): void;
}

export function createUsersService({
  db,
  uploadsDir,
  onUserChanged = () => {},
  onSessionsEnded = () => {},
}: UsersServiceDeps) {
  const profileDir = join(uploadsDir, "profile");

  /** The active user an Admin acts on, locked, once the rule lets the change through. */
  async function lockTarget(tx: Executor, change: UserChange, userId: number, actorId: number, newGroup?: string) {
    const activeAdmins = await repo.lockActiveAdmins(tx);
    const target = await repo.lockActiveUser(tx, userId);
    if (!target) throw new NotFound("El usuario no existe o ya está desactivado.");
    const refusal = userChangeRefusal(change, { actorId, target, activeAdmins, newGroup });
    if (refusal) throw new Conflict(refusal);
    return target;
  }

  return {
    async approvals(query: ApprovalsQuery): Promise<ApprovalsResponse> {
      const { offset, withCount } = pagingOf(query);
      const [active, pending, groups, count] = await Promise.all([
        repo.listActiveUsers(db),
        repo.listRegistrationRequests(db, { limit: query.limit, offset }),
        repo.listGroups(db),
        withCount ? repo.countRegistrationRequests(db) : undefined,
      ]);
      return {
        active_users: active.map(({ group, groupId, ...u }) => ({ ...u, groups: [group], group_id: groupId })),
        registration_requests: pending,
        groups,
        ...(count === undefined ? {} : { count }),
      };
    },

    async approve(id: number, actorId: number) {
      await db.transaction(async (tx) => {
        const request = await repo.takeRegistrationRequest(tx, id);
        if (!request) throw new NotFound("La solicitud ya no existe.");
        if (await repo.findUserByUsername(tx, request.username))
          throw new Conflict("Ese nombre de usuario ya está en uso.");
        const user = await repo.insertUser(tx, {
          username: request.username,
          email: request.email,
          passwordHash: request.passwordHash,
          groupId: request.groupId,
        });
        await recordAudit(tx, {
          actorId,
          action: "user.approved",
          entity: "user",
          entityId: user.id,
          before: { request_id: id, status: "pendiente" },
          after: { username: request.username, email: request.email, group_id: request.groupId, status: "activo" },
        });
        await appendEvent(tx, {
          type: "user.approved",
          actorId,
          data: { id, user_id: user.id, username: request.username },
        });
      });
    },

    async deny(id: number, actorId: number) {
      await db.transaction(async (tx) => {
        const request = await repo.takeRegistrationRequest(tx, id);
        if (!request) throw new NotFound("La solicitud ya no existe.");
        await recordAudit(tx, {
          actorId,
          action: "user.denied",
          entity: "registration_request",
          entityId: id,
          before: { username: request.username, email: request.email, group_id: request.groupId, status: "pendiente" },
          after: null,
        });
        await appendEvent(tx, { type: "user.denied", actorId, data: { id } });
      });
    },

    /**
     * The user's row and the active Admins' are locked first (Admins in id order, so two
     * Admins acting on each other take turns), then the rule decides (domain/user-admin.ts).
     */
    async deactivate(userId: number, actorId: number) {
      await db.transaction(async (tx) => {
        const target = await lockTarget(tx, "deactivate", userId, actorId);
        await repo.deactivateUser(tx, userId);
        await recordAudit(tx, {
          actorId,
          action: "user.deactivated",
          entity: "user",
          entityId: userId,
          before: { is_active: true },
          after: { is_active: false },
        });
        await revokeUserTokens(tx, target.id);
        await appendEvent(tx, { type: "user.deactivated", actorId, data: { user_id: userId } });
      });
      onUserChanged(userId);
    },

    /**
     * A new password, generated here and answered once; only its hash is kept. Every session
     * of the user ends: whoever held one must log in with the new password.
     */
    async resetPassword(userId: number, actorId: number): Promise<string> {
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await lockTarget(tx, "reset_password", userId, actorId);
        await repo.updateUser(tx, userId, { passwordHash });
        await recordAudit(tx, {
          actorId,
          action: "user.password_reset",
          entity: "user",
          entityId: userId,
          before: null,
          after: { password: "restablecida" },
        });
        await revokeUserTokens(tx, userId);
        await appendEvent(tx, { type: "user.password_reset", actorId, data: { user_id: userId } });
      });
      onSessionsEnded(userId);
      return password;
    },

    /** Moves a user to another group; their sessions end, so the next login carries the new permissions. */
    async changeGroup(userId: number, groupId: number, actorId: number) {
      const group = await repo.findGroupById(db, groupId);
      if (!group) throw new Invalid(GROUP_INVALID, { group_id: GROUP_INVALID });
      const changed = await db.transaction(async (tx) => {
        const target = await lockTarget(tx, "change_group", userId, actorId, group.name);
        if (target.groupId === group.id) return false;
        await repo.updateUser(tx, userId, { groupId: group.id });
        await recordAudit(tx, {
          actorId,
          action: "user.group_changed",
          entity: "user",
          entityId: userId,
          before: { group: target.group },
          after: { group: group.name },
        });
        await revokeUserTokens(tx, userId);
        await appendEvent(tx, {
          type: "user.group_changed",
          actorId,
          data: { user_id: userId, group: group.name },
        });
        return true;
      });
      if (changed) onSessionsEnded(userId);
    },

    /** Checks the content (not the name or type claimed), re-encodes it small, then swaps it in. */
    async replaceProfileImage(userId: number, previous: string | null, upload: Buffer): Promise<string> {
      const resized = await reencodeImage(upload, "profile_image", (image) =>
        image.resize(PROFILE_SIZE_PX, PROFILE_SIZE_PX, { fit: "cover" }),
      );
      await mkdir(profileDir, { recursive: true });
      const file = `${userId}-${randomBytes(8).toString("hex")}.webp`;
      await writeFile(join(profileDir, file), resized);
      await repo.updateUser(db, userId, { profileImage: file });
      onUserChanged(userId);
      if (previous) await rm(join(profileDir, previous), { force: true });
      return file;
    },

    /** Makes sure the configured Admin exists with the configured password. */
    async ensureAdmin(username: string, password: string): Promise<"created" | "updated"> {
      const admin = await findGroupByName(db, "Admin");
      if (!admin) throw new Error("reference data missing: group Admin");
      const passwordHash = await hashPassword(password);
      const existing = await repo.findUserByUsername(db, username);
      if (existing) {
        await repo.updateUser(db, existing.id, { passwordHash, groupId: admin.id, isActive: true });
        onUserChanged(existing.id);
        return "updated";
      }
      await repo.insertUser(db, { username, email: "", passwordHash, groupId: admin.id, firstName: "Administrador" });
      return "created";
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
