import type { QueueConfig } from "../../server/jobs/types";

export const maintenanceQueue: QueueConfig = {
  name: "maintenance",
  attempts: 5,
  backoffMs: 1_000, // 1 s, 2 s, 4 s, 8 s
  concurrency: 1,
  lockMs: 30_000, // 30 s
};
