import type { AuditQuery, AuditResponse } from "../../../domain/contracts/audit";
import type { Database } from "../../db/types";
import { listAudit } from "./repository";

export function createAuditService({ db }: { db: Database }) {
  return {
    async list(query: AuditQuery): Promise<AuditResponse> {
      const rows = await listAudit(db, query);
      return {
        results: rows.map(({ entry, actor }) => ({
          id: entry.id,
          at: entry.at.toISOString(),
          actor_id: entry.actorId,
          actor,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          before: entry.before,
          after: entry.after,
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
