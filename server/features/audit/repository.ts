import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { AuditAction, AuditEntity, AuditQuery } from "@domain/contracts/audit";
import { auditLog, groups, users } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

export interface AuditEntry {
  actorId: number | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | null;
  before: unknown;
  after: unknown;
}

/** Written inside the transaction of the change it records, so neither exists without the other. */
export async function recordAudit(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

// Dates are whole days in Buenos Aires, as every screen shows them.
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'America/Argentina/Buenos_Aires')`;

export async function listAudit(db: Executor, query: AuditQuery) {
  const conditions: (SQL | undefined)[] = [
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
    query.from ? gte(auditLog.at, dayStart(query.from)) : undefined,
    query.to ? lt(auditLog.at, sql`${dayStart(query.to)} + interval '1 day'`) : undefined,
  ];
  return db
    .select({ entry: auditLog, actor: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
}

export async function groupNames(db: Executor): Promise<Map<number, string>> {
  const rows = await db.select({ id: groups.id, name: groups.name }).from(groups);
  return new Map(rows.map((g) => [g.id, g.name]));
}
