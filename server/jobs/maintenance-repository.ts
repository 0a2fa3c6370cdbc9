import { lt } from "drizzle-orm";
import { exportJobs, refreshTokens, usedChallenges } from "../../drizzle/schema";
import type { Executor } from "../db/types";

/**
 * The maintenance job's deletes: refresh tokens, spent challenges and export records that expired
 * before `cutoff`. Answers the counts and the export files left to remove from the disk.
 */
export async function deleteExpired(db: Executor, cutoff: Date) {
  const tokens = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, cutoff))
    .returning({ id: refreshTokens.id });
  const challenges = await db
    .delete(usedChallenges)
    .where(lt(usedChallenges.expiresAt, cutoff))
    .returning({ s: usedChallenges.signature });
  const exports = await db
    .delete(exportJobs)
    .where(lt(exportJobs.expiresAt, cutoff))
    .returning({ path: exportJobs.filePath });
  return { tokens: tokens.length, challenges: challenges.length, exportFiles: exports.map((e) => e.path) };
}
