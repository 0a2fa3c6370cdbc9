import { z } from "zod";
import { recomputeGroup } from "../../server/features/preparation/batches";
import type { JobProcessor } from "../../server/jobs/types";
import { preparationQueue } from "../queues/preparation";

const Payload = z.object({
  group: z.object({ zoneId: z.number().int().nullable(), deliveryDate: z.iso.date(), timeSlotId: z.number().int().nullable() }),
  /** The order event that asked for this run; null runs whatever ran before. */
  eventId: z.number().int().nullable().optional().default(null),
});

/** Re-batches one (zone, date, time slot) group and emits preparation.updated, unless a later run already saw its event. */
export const preparation: JobProcessor<z.infer<typeof Payload>> = {
  queue: preparationQueue,
  payload: Payload,
  process: ({ group, eventId }, { db, config }) => recomputeGroup(db, config.depot, group, eventId),
};
