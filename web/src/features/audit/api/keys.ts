export interface AuditFilters {
  action: string | null;
  actorId: string | null;
  from: string;
  to: string;
  entityId: string;
}

/** Query keys of the audit feature, from one place. */
export const auditKeys = {
  all: ["audit"] as const,
  list: (filters: AuditFilters) => ["audit", "list", filters] as const,
  users: ["audit", "users"] as const,
};
