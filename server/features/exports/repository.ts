import { desc, eq, ne, sql } from "drizzle-orm";
import { exportJobs, users } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";

export type ExportJob = typeof exportJobs.$inferSelect;

export async function insertExportJob(db: Executor, values: typeof exportJobs.$inferInsert) {
  const [row] = await db.insert(exportJobs).values(values).returning();
  return row!;
}

export async function findExportJob(db: Executor, id: string) {
  const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
  return row ?? null;
}

export async function updateExportJob(db: Executor, id: string, values: Partial<typeof exportJobs.$inferInsert>) {
  await db.update(exportJobs).set(values).where(eq(exportJobs.id, id));
}

/** Export jobs whose file is kept or still being written, newest first, with who asked. */
export async function listExportJobs(db: Executor) {
  return db
    .select({ job: exportJobs, requestedBy: users.username })
    .from(exportJobs)
    .leftJoin(users, eq(users.id, exportJobs.requestedBy))
    .orderBy(desc(exportJobs.createdAt))
    .limit(200);
}

/** Bytes the kept files take, counted against the quota; `except` leaves one job out. */
export async function keptBytes(db: Executor, except?: string) {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${exportJobs.fileBytes}), 0)` })
    .from(exportJobs)
    .where(except ? ne(exportJobs.id, except) : undefined);
  return Number(row?.bytes ?? 0);
}

export async function deleteExportJob(db: Executor, id: string) {
  const [row] = await db.delete(exportJobs).where(eq(exportJobs.id, id)).returning({
    filePath: exportJobs.filePath,
    status: exportJobs.status,
    tableName: exportJobs.tableName,
    format: exportJobs.format,
    startId: exportJobs.startId,
    endId: exportJobs.endId,
  });
  return row ?? null;
}
