import { eq } from "drizzle-orm";
import { exportJobs } from "../../../drizzle/schema";
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
