import { groupKey } from "../../../domain/batching";
import type { Jobs } from "../../jobs/types";
import type { OrderGroup } from "../orders/service";

/** Order events within one window are batched by a single job run at the window's end. */
export const PREPARATION_DEBOUNCE_MS = 1000;
/** A group's window is at least this many times its last re-batching time. */
const COST_FACTOR = 4;

// What re-batching each group last cost here, so a huge group is re-batched less often
// instead of keeping this process busy (embedded mode runs the job in the API process).
const lastCostMs = new Map<string, number>();

export function noteRecomputeCost(group: OrderGroup, ms: number) {
  if (lastCostMs.size > 10_000) lastCostMs.clear();
  lastCostMs.set(groupKey(group), ms);
}

/** A job id per group and window: BullMQ and the in-process queue both drop the repeats. */
export function preparationJob(group: OrderGroup, now = Date.now()) {
  const length = Math.max(PREPARATION_DEBOUNCE_MS, Math.ceil(COST_FACTOR * (lastCostMs.get(groupKey(group)) ?? 0)));
  const window = Math.floor(now / length);
  return {
    jobId: `prep-${group.zoneId ?? "x"}-${group.deliveryDate}-${group.timeSlotId ?? "x"}-${length}-${window}`,
    delayMs: (window + 1) * length - now,
  };
}

/**
 * Asks for the groups to be re-batched after the change of event `eventId` (null: always
 * run, whatever ran before); the board stays right meanwhile (see `board`).
 */
export async function requestRecompute(jobs: Jobs, groups: OrderGroup[], eventId: number | null) {
  const unique = new Map(groups.map((g) => [groupKey(g), g]));
  await Promise.all([...unique.values()].map((group) => jobs.enqueue("preparation", { group, eventId }, preparationJob(group))));
}
