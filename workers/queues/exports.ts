import type { QueueConfig } from "../../server/jobs/types";

export const exportsQueue: QueueConfig = {
  name: "exports",
  attempts: 3,
  backoffMs: 2_000, // 2 s, then 4 s
  concurrency: 1,
  lockMs: 6_000, // 6 s, renewed every 3 s while the export runs: a killed worker's export restarts within 15 s
};
