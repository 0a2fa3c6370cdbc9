import type { AuditQuery, AuditResponse } from "@domain/contracts/audit";
import type { Database } from "../../db/types";
import { groupNames, listAudit } from "./repository";

/** A group recorded by id (approvals, denials) is answered by its name: 'Vendedor', not 5. */
function namingGroups(value: unknown, names: Map<number, string>): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value) || !("group_id" in value)) return value;
  const { group_id, ...rest } = value as Record<string, unknown>;
  const name = names.get(Number(group_id));
  return name ? { ...rest, group: name } : value;
}

export function createAuditService({ db }: { db: Database }) {
  return {
    async list(query: AuditQuery): Promise<AuditResponse> {
      const [rows, names] = await Promise.all([listAudit(db, query), groupNames(db)]);
      return {
        results: rows.map(({ entry, actor }) => ({
          id: entry.id,
          at: entry.at.toISOString(),
          actor_id: entry.actorId,
          actor,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          before: namingGroups(entry.before, names),
          after: namingGroups(entry.after, names),
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
