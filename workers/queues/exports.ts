import type { QueueConfig } from "../../server/jobs/types";

export const exportsQueue: QueueConfig = {
  name: "exports",
  attempts: 3,
  backoffMs: 2_000, // 2 s, then 4 s
  concurrency: 1,
  lockMs: 60_000, // 1 min, renewed while the export runs
};
