import type { QueueConfig } from "../../server/jobs/types";

export const preparationQueue: QueueConfig = {
  name: "preparation",
  attempts: 5,
  backoffMs: 500, // 0.5 s, 1 s, 2 s, 4 s: a board waits seconds, not minutes
  concurrency: 4,
  lockMs: 10_000, // 10 s: a killed worker's batching is retried soon
};
