import type { JobContext, JobProcessor } from "./types";
import { InvalidJobPayload } from "./types";

/** Validates the payload, then runs the processor: shared by BullMQ and in-process runners. */
export async function runProcessor(processor: JobProcessor, data: unknown, ctx: JobContext): Promise<unknown> {
  const parsed = processor.payload.safeParse(data);
  if (!parsed.success) throw new InvalidJobPayload(`invalid ${processor.queue.name} payload: ${parsed.error.message}`);
  return processor.process(parsed.data, ctx);
}
