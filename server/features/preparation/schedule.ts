import { groupKey } from "../../../domain/batching";
import type { Jobs } from "../../jobs/types";
import type { Bus } from "../../realtime/bus";
import type { OrderGroup } from "../orders/service";

/** Order events within one window are batched by a single job run at the window's end. */
export const PREPARATION_DEBOUNCE_MS = 1000;
/** Re-batching may keep this share of one core busy, however many groups change at once (the board never waits for it). */
const CPU_SHARE = 0.1;
/** Windows never grow past this: stored batches lag the orders at most this long (the board itself never lags). */
const LONGEST_WINDOW_MS = 32_000;
/** A group's cost counts while it ran this recently. */
const RECENT_MS = 60_000;

/**
 * What re-batching cost here lately. With every group on the same window W, each runs at
 * most once per W, so W = Σ cost / CPU_SHARE keeps the job's load at CPU_SHARE of a core:
 * a busy day with many groups, or huge groups, stretches the window instead of the load.
 * Windows are powers of two seconds, so a changing cost rarely changes a job id.
 */
const recentCosts = new Map<string, { ms: number; at: number }>();
let totalCostMs = 0;

export function noteRecomputeCost(group: OrderGroup, ms: number, now = Date.now()) {
  const key = groupKey(group);
  totalCostMs += ms - (recentCosts.get(key)?.ms ?? 0);
  recentCosts.set(key, { ms, at: now });
  for (const [other, cost] of recentCosts) {
    if (now - cost.at <= RECENT_MS) continue;
    totalCostMs -= cost.ms;
    recentCosts.delete(other);
  }
}

/**
 * Costs measured where the job ran: in this process (embedded), or in a worker process,
 * whose runs report theirs in their `preparation.updated` event.
 */
export function followRecomputeCosts(bus: Bus) {
  return bus.subscribe((event) => {
    const data = event.data as { zone_id?: number | null; delivery_date?: string; time_slot_id?: number | null; cost_ms?: number };
    if (event.type !== "preparation.updated" || typeof data.cost_ms !== "number" || !data.delivery_date) return;
    noteRecomputeCost({ zoneId: data.zone_id ?? null, deliveryDate: data.delivery_date, timeSlotId: data.time_slot_id ?? null }, data.cost_ms);
  });
}

export function forgetRecomputeCosts() {
  recentCosts.clear();
  totalCostMs = 0;
}

function windowLength() {
  const needed = Math.max(PREPARATION_DEBOUNCE_MS, totalCostMs / CPU_SHARE);
  return Math.min(LONGEST_WINDOW_MS, PREPARATION_DEBOUNCE_MS * 2 ** Math.ceil(Math.log2(needed / PREPARATION_DEBOUNCE_MS)));
}

/** A job id per group and window: BullMQ and the in-process queue both drop the repeats. */
export function preparationJob(group: OrderGroup, now = Date.now()) {
  const length = windowLength();
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
