import { z } from "zod";

/**
 * Each queue's payload: the API enqueues it typed, and the processor validates it again
 * (a payload that does not parse fails without retry).
 */
export const JOB_PAYLOADS = {
  maintenance: z.object({ before: z.iso.datetime() }),
  deploy: z.object({ actorId: z.number().int(), requestedAt: z.iso.datetime() }),
  exports: z.object({ exportId: z.uuid() }),
  "day-plans": z.object({ planId: z.uuid() }),
} as const;

export type QueueName = keyof typeof JOB_PAYLOADS;
export type JobPayload<Q extends QueueName> = z.infer<(typeof JOB_PAYLOADS)[Q]>;
