import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { AuditResponse } from "../../../../domain/contracts/audit";
import { download, get } from "../../api/http";

export interface AuditFilters {
  action: string | null;
  actorId: string | null;
  from: string;
  to: string;
  entityId: string;
}

export const auditKeys = { all: ["audit"] as const, list: (filters: AuditFilters) => ["audit", filters] as const, users: ["audit", "users"] as const };

function queryString(filters: AuditFilters) {
  const params = new URLSearchParams({ limit: "200" });
  if (filters.action) params.set("action", filters.action);
  if (filters.actorId) params.set("actor_id", filters.actorId);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.entityId.trim()) params.set("entity_id", filters.entityId.trim());
  return params.toString();
}

export function useAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: auditKeys.list(filters),
    queryFn: async () => AuditResponse.parse(await get(`/audit/?${queryString(filters)}`)).results,
    placeholderData: keepPreviousData,
  });
}

const ActiveUsers = z.object({ active_users: z.array(z.object({ id: z.number(), username: z.string() })) });

/** Who can be filtered by: the active users of the approvals list. */
export function useAuditUsers() {
  return useQuery({ queryKey: auditKeys.users, queryFn: async () => ActiveUsers.parse(await get("/admin/approvals/")).active_users });
}

/** The whole trail through the export whitelist (table AuditLog). */
export const downloadAudit = () => download("/export-data/", { sql_table: "AuditLog", type_archive: "csv" });
