import { lt, or } from "drizzle-orm";
import { z } from "zod";
import { refreshTokens, usedChallenges } from "../../drizzle/schema";
import type { JobProcessor } from "../../server/jobs/types";
import { maintenanceQueue } from "../queues/maintenance";

const Payload = z.object({ before: z.iso.datetime() });

/** Deletes refresh tokens and spent challenges that expired before the given instant. */
export const purgeExpiredTokens: JobProcessor<z.infer<typeof Payload>> = {
  queue: maintenanceQueue,
  payload: Payload,
  async process({ before }, { db, log }) {
    const cutoff = new Date(before);
    const tokens = await db.delete(refreshTokens).where(or(lt(refreshTokens.expiresAt, cutoff))).returning({ id: refreshTokens.id });
    const challenges = await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, cutoff)).returning({ s: usedChallenges.signature });
    log.info(`purged ${tokens.length} refresh tokens and ${challenges.length} challenges`);
    return { tokens: tokens.length, challenges: challenges.length };
  },
};
