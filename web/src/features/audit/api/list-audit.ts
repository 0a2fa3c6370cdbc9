import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { AuditResponse } from "@domain/contracts/audit";
import { get } from "../../../api/http";
import { auditKeys, type AuditFilters } from "./keys";

function queryString(filters: AuditFilters) {
  const params = new URLSearchParams({ limit: "200" });
  if (filters.action) params.set("action", filters.action);
  if (filters.actorId) params.set("actor_id", filters.actorId);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.entityId.trim()) params.set("entity_id", filters.entityId.trim());
  return params.toString();
}

const listAudit = async (filters: AuditFilters) =>
  AuditResponse.parse(await get(`/audit/?${queryString(filters)}`)).results;

const auditOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: () => listAudit(filters),
    placeholderData: keepPreviousData,
  });

export const useAudit = (filters: AuditFilters) => useQuery(auditOptions(filters));
