import { z } from "zod";
import { text } from "./text";

/** How a backup came to be: the schedule, `npm run backup`, or an Admin's download. */
export const BackupTrigger = z.enum(["scheduled", "command", "download"]);
export type BackupTrigger = z.infer<typeof BackupTrigger>;

export const BackupRecord = z.object({
  at: text(),
  bytes: z.number().int().nonnegative(),
  trigger: BackupTrigger,
});
export type BackupRecord = z.infer<typeof BackupRecord>;

export const BackupFailure = z.object({ at: text(), trigger: BackupTrigger, message: text() });
export type BackupFailure = z.infer<typeof BackupFailure>;

/** What /settings shows: the last backup, a failure after it, and the schedule if there is one. */
export const BackupStatus = z.object({
  mode: z.enum(["embedded", "production"]),
  last: BackupRecord.nullable(),
  /** Only when it came after the last backup that worked. */
  failure: BackupFailure.nullable(),
  schedule: z.object({ every_minutes: z.number(), keep: z.number().int() }).nullable(),
});
export type BackupStatus = z.infer<typeof BackupStatus>;
