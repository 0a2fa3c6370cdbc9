import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const exportJobs = pgTable(
  "export_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestedBy: integer("requested_by").references(() => users.id),
    tableName: text("table_name").notNull(),
    format: text("format").notNull(),
    startId: integer("start_id"),
    endId: integer("end_id"),
    status: text("status").notNull().default("queued"),
    rowsDone: integer("rows_done").notNull().default(0),
    rowsTotal: integer("rows_total"),
    filePath: text("file_path"),
    /** Size of the kept file, counted against the export quota. */
    fileBytes: bigint("file_bytes", { mode: "number" }),
    error: text("error"),
    /** Times a worker began it: past 1, the export resumed after a worker died mid-way. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    check("export_jobs_format", sql`${t.format} in ('csv', 'xlsx')`),
    check("export_jobs_status", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index("export_jobs_expires_idx").on(t.expiresAt),
  ],
);
