import type { JobProcessor } from "../server/jobs/types";
import { deploy } from "./processors/deploy";
import { exportTable } from "./processors/export-table";
import { purgeExpiredTokens } from "./processors/purge-expired-tokens";

/** Every processor, by queue name: one processor per queue. */
export const PROCESSORS: Record<string, JobProcessor> = {
  [purgeExpiredTokens.queue.name]: purgeExpiredTokens,
  [deploy.queue.name]: deploy,
  [exportTable.queue.name]: exportTable,
};
