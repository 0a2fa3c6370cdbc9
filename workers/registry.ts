import type { JobRegistry } from "../server/jobs/types";
import { preparationSweep } from "./loops/preparation-sweep";
import { dayPlan } from "./processors/day-plan";
import { deploy } from "./processors/deploy";
import { exportTable } from "./processors/export-table";
import { purgeExpiredTokens } from "./processors/purge-expired-tokens";

/**
 * Everything the jobs layer runs, by name: one processor per queue, and the loops. The process
 * that runs the jobs (the worker; the app when embedded) starts them all.
 */
export const PROCESSORS: JobRegistry = {
  [purgeExpiredTokens.queue.name]: purgeExpiredTokens,
  [deploy.queue.name]: deploy,
  [exportTable.queue.name]: exportTable,
  [dayPlan.queue.name]: dayPlan,
  [preparationSweep.loop]: preparationSweep,
};
