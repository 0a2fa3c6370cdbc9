import { setTimeout as sleep } from "node:timers/promises";
import type { JobProcessor } from "../../server/jobs/types";
import { purgeExpiredTokens } from "../../workers/processors/purge-expired-tokens";

export function slowPurgeProcessor(queue: string, delayMs: number): JobProcessor<{ before: string }> {
  return {
    ...purgeExpiredTokens,
    queue: { ...purgeExpiredTokens.queue, name: queue, lockMs: 1_000, backoffMs: 100 },
    async process(data, ctx) {
      await sleep(delayMs);
      return purgeExpiredTokens.process(data, ctx);
    },
  };
}
