import { rm } from "node:fs/promises";
import { lt, or } from "drizzle-orm";
import type { z } from "zod";
import { exportJobs, refreshTokens, usedChallenges } from "../../drizzle/schema";
import { JOB_PAYLOADS } from "../../server/jobs/payloads";
import type { JobProcessor } from "../../server/jobs/types";
import { maintenanceQueue } from "../queues/maintenance";

const Payload = JOB_PAYLOADS.maintenance;

/** Deletes refresh tokens, spent challenges and export files that expired before the given instant. */
export const purgeExpiredTokens: JobProcessor<z.infer<typeof Payload>> = {
  queue: maintenanceQueue,
  payload: Payload,
  async process({ before }, { db, log }) {
    const cutoff = new Date(before);
    const tokens = await db
      .delete(refreshTokens)
      .where(or(lt(refreshTokens.expiresAt, cutoff)))
      .returning({ id: refreshTokens.id });
    const challenges = await db
      .delete(usedChallenges)
      .where(lt(usedChallenges.expiresAt, cutoff))
      .returning({ s: usedChallenges.signature });
    // Export files are kept for download for 24 h (DESIGN.md §7).
    const exports = await db
      .delete(exportJobs)
      .where(lt(exportJobs.expiresAt, cutoff))
      .returning({ path: exportJobs.filePath });
    await Promise.all(exports.map((e) => (e.path ? rm(e.path, { force: true }) : undefined)));
    log.info(
      `purged ${tokens.length} refresh tokens, ${challenges.length} challenges and ${exports.length} export files`,
    );
    return { tokens: tokens.length, challenges: challenges.length, exports: exports.length };
  },
};
