import type { z } from "zod";
import { computeDayPlan, failDayPlan } from "../../server/features/day-plan";
import { JOB_PAYLOADS } from "../../server/jobs/payloads";
import type { JobProcessor } from "../../server/jobs/types";
import { dayPlansQueue } from "../queues/day-plans";

const Payload = JOB_PAYLOADS["day-plans"];

/** Computes one day's plan (issue 43); a plan already finished is skipped, so a retry does nothing twice. */
export const dayPlan: JobProcessor<z.infer<typeof Payload>> = {
  queue: dayPlansQueue,
  payload: Payload,
  process: ({ planId }, { db, config }) => computeDayPlan(db, config.depot, planId),
  failed: ({ planId }, _reason, { db }) => failDayPlan(db, planId),
};
