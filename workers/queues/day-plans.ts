import type { QueueConfig } from "../../server/jobs/types";

export const dayPlansQueue: QueueConfig = {
  name: "day-plans",
  attempts: 2,
  backoffMs: 1_000, // 1 s
  concurrency: 1, // a plan keeps a core busy for its budget (1–4 s): one at a time per worker
  lockMs: 15_000, // 15 s, renewed while it runs: a killed worker's plan is computed again within 30 s
};
