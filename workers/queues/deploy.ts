import type { QueueConfig } from "../../server/jobs/types";

export const deployQueue: QueueConfig = {
  name: "deploy",
  attempts: 1, // a deploy is not retried by itself: an Admin decides after reading its output
  backoffMs: 0,
  concurrency: 1,
  lockMs: 15 * 60_000, // 15 min: a deploy may take a while
};
