import { rm } from "node:fs/promises";
import type { z } from "zod";
import { JOB_PAYLOADS } from "../../server/jobs/payloads";
import { deleteExpired } from "../../server/jobs/maintenance-repository";
import type { JobProcessor } from "../../server/jobs/types";
import { maintenanceQueue } from "../queues/maintenance";

const Payload = JOB_PAYLOADS.maintenance;

/** Deletes refresh tokens, spent challenges and export files that expired before the given instant. */
export const purgeExpiredTokens: JobProcessor<z.infer<typeof Payload>> = {
  queue: maintenanceQueue,
  payload: Payload,
  async process({ before }, { db, log }) {
    // Export files are kept for download for 24 h (DESIGN.md §7).
    const { tokens, challenges, exportFiles } = await deleteExpired(db, new Date(before));
    await Promise.all(exportFiles.map((path) => (path ? rm(path, { force: true }) : undefined)));
    log.info(`purged ${tokens} refresh tokens, ${challenges} challenges and ${exportFiles.length} export files`);
    return { tokens, challenges, exports: exportFiles.length };
  },
};
