import { startPreparationSweeper } from "../../server/features/preparation";
import type { JobLoop } from "../../server/jobs/types";

/**
 * Re-batches the preparation board soon after order events: a loop, not a queue, because a
 * board must follow an order within a second (docs/decisions/preparation/0150-preparation-sweep-loop.md).
 */
export const preparationSweep: JobLoop = {
  loop: "preparation-sweep",
  start: (ctx) =>
    startPreparationSweeper({
      db: ctx.db,
      depot: ctx.config.depot,
      bus: ctx.bus,
      log: ctx.log.error,
      onSweep: ctx.metrics?.observeSweep,
    }),
};
