import type { ApprovalsQuery, ApprovalsResponse } from "@domain/contracts/users";
import { pagingOf } from "@domain/contracts/paging";
import type { Database } from "../../db/types";
import { Conflict, NotFound } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import { recordAudit } from "../audit";
import * as repo from "./repository";

/** The Admin's approvals screen: who is active and who asked to join, each request approved or denied. */
export function createRegistrations({ db }: { db: Database }) {
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
  };
}
