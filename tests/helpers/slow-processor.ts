import { setTimeout as sleep } from "node:timers/promises";
import type { JobProcessor } from "../../server/jobs/types";
import { purgeExpiredTokens } from "../../workers/processors/purge-expired-tokens";

const REAL = { purge: purgeExpiredTokens } as Record<string, JobProcessor>;

/** A real processor behind a delay, on a private queue with a 1 s lock so a killed worker's job is handed over fast. */
export function slowProcessor<T>(base: JobProcessor<T>, queue: string, delayMs: number): JobProcessor<T> {
  return {
    ...base,
    queue: { ...base.queue, name: queue, lockMs: 1_000, backoffMs: 100 },
    async process(data, ctx) {
      await sleep(delayMs);
      return base.process(data, ctx);
    },
  };
}

export const slowPurgeProcessor = (queue: string, delayMs: number) => slowProcessor(purgeExpiredTokens, queue, delayMs);

export const realProcessor = (name: string) => {
  const processor = REAL[name];
  if (!processor) throw new Error(`no processor ${name}`);
  return processor;
};
