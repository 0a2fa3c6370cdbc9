import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ApprovalsResponse } from "../../../domain/contracts/users";
import type { Database } from "../../db/types";
import { Conflict, Invalid, NotFound } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import { findGroupByName, revokeUserTokens } from "../auth/repository";
import { hashPassword } from "../auth/service";
import { recordAudit } from "../audit/repository";
import { reencodeImage } from "./image";
import * as repo from "./repository";

const PROFILE_SIZE_PX = 256;

export interface UsersServiceDeps {
  db: Database;
  uploadsDir: string;
  /** After a change to what a user's requests see of the user (deactivation, photo). */
  onUserChanged?(userId: number): void;
}

export function createUsersService({ db, uploadsDir, onUserChanged = () => {} }: UsersServiceDeps) {
  const profileDir = join(uploadsDir, "profile");

  return {
    async approvals(): Promise<ApprovalsResponse> {
      const [active, pending] = await Promise.all([repo.listActiveUsers(db), repo.listRegistrationRequests(db)]);
      return {
        active_users: active.map(({ group, ...u }) => ({ ...u, groups: [group] })),
        registration_requests: pending,
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

    async deactivate(userId: number, actorId: number) {
      if (userId === actorId) throw new Invalid("No podés desactivar tu propio usuario.");
      await db.transaction(async (tx) => {
        const row = await repo.deactivateUser(tx, userId);
        if (!row) throw new NotFound("El usuario no existe.");
        await recordAudit(tx, {
          actorId,
          action: "user.deactivated",
          entity: "user",
          entityId: userId,
          before: { is_active: true },
          after: { is_active: false },
        });
        await revokeUserTokens(tx, userId);
        await appendEvent(tx, { type: "user.deactivated", actorId, data: { user_id: userId } });
      });
      onUserChanged(userId);
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
