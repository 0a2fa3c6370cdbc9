import type { JobContext, JobProcessor } from "./types";
import { InvalidJobPayload } from "./types";

/**
 * Logs a failed attempt and, when no attempt is left (or the payload can never parse),
 * lets the processor leave its record failed with the reason and tell the screen.
 */
export async function finalFailure(
  processor: JobProcessor,
  data: unknown,
  error: unknown,
  ctx: JobContext,
  attempts: number,
) {
  const reason = (error as Error)?.message ?? String(error);
  const last = error instanceof InvalidJobPayload || ctx.attempt >= attempts;
  ctx.log.error(
    `${processor.queue.name} attempt ${ctx.attempt}/${attempts} failed${last ? " for good" : ""}: ${reason}`,
  );
  if (!last || !processor.failed) return;
  await processor
    .failed(data, reason, ctx)
    .catch((hookError: Error) => ctx.log.error(`${processor.queue.name} failure not recorded: ${hookError.message}`));
}
