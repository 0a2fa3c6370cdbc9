import { randomInt } from "node:crypto";
import { GROUP_INVALID } from "@domain/contracts/users";
import { type UserChange, userChangeRefusal } from "@domain/user-admin";
import type { Database, Executor } from "../../db/types";
import { Conflict, Invalid, NotFound } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import { recordAudit } from "../audit";
import { hashPassword, revokeUserTokens } from "../auth";
import * as repo from "./repository";

// No 0/O, 1/l/I: a password read aloud or copied from a screen by hand.
const PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 15 characters in three groups (about 87 bits), e.g. `k7Qm2-xRt9p-Hw4Zc`. */
function generatePassword(): string {
  const group = () => Array.from({ length: 5 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("");
  return `${group()}-${group()}-${group()}`;
}

/** What an Admin changes of an active user: deactivation, a new password, another group; each ends the user's sessions. */
export function createUserChanges({
  db,
  onUserChanged,
  onSessionsEnded,
}: {
  db: Database;
  onUserChanged(userId: number): void;
  onSessionsEnded(userId: number): void;
}) {
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
  };
}
