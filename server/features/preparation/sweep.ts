import { PREPARATION_STATUSES } from "@domain/order-status";
import type { Point } from "@domain/routing";
import type { Database } from "../../db/types";
import type { Bus } from "../../realtime/bus";
import { latestEventId } from "../../realtime/outbox";
import { appendGroupUpdates } from "./announce";
import { recomputeGroups } from "./batches";
import { changedOrderIds, groupsOfOrders, lockCursor, moveCursor, renamedOrderIds } from "./repository";

/** Order events folded in by one sweep at most: a long backlog is caught up over several. */
const EVENTS_PER_SWEEP = 20_000;
/** Re-batching may keep this share of one core busy, however busy the day. */
const CPU_SHARE = 0.1;
/** After an order event, the sweep waits this long so a burst of orders costs one run. */
const GATHER_MS = 200;
/** With no event heard (the bus may be down), the outbox is still swept this often. */
const SWEEP_EVERY_MS = 1_000;
/** Sweeps are never further apart, however costly: batches are true within 5 s of any fault ending. */
const LONGEST_GAP_MS = 3_000;
/**
 * Every group is checked at a sweeper's start and this often after: a group whose open orders
 * changed with no event (an order edited by hand) is batched again too.
 */
const EVERY_GROUP_MS = 10 * 60_000;

export interface SweepResult {
  upTo: number;
  behind: boolean;
  groups: number;
  changed: number;
}

/**
 * Folds the order events after the preparation cursor, and the renames since the last sweep,
 * into the stored batches: every group they touched is re-batched from its open orders, then
 * the cursor moves past them. The outbox is the trigger, so a lost nudge, a killed worker or
 * a rolled-back sweep only delays the batches until the next sweep. `everyGroup` also
 * re-batches every group whose open orders are not those its batches were computed from,
 * which catches what no event announced (an order edited by hand). `wait` queues behind a
 * sweep running elsewhere; without it, null means one is running.
 */
export async function sweepPreparation(
  db: Database,
  depot: Point,
  { wait = false, everyGroup = false } = {},
): Promise<SweepResult | null> {
  return db.transaction(async (tx) => {
    const cursor = await lockCursor(tx, wait);
    if (cursor === null) return null;
    const [head, renamed] = await Promise.all([latestEventId(tx), renamedOrderIds(tx, PREPARATION_STATUSES)]);
    if (head <= cursor.lastEventId && !cursor.everyBatchStale && !renamed.length && !everyGroup)
      return { upTo: cursor.lastEventId, behind: false, groups: 0, changed: 0 };
    const upTo = Math.max(cursor.lastEventId, Math.min(head, cursor.lastEventId + EVENTS_PER_SWEEP));
    const stale = new Set([...(await changedOrderIds(tx, cursor.lastEventId, upTo)), ...renamed]);
    const scope = cursor.everyBatchStale || everyGroup ? "all" : await groupsOfOrders(tx, [...stale]);
    const { groups, updates } = await recomputeGroups(tx, depot, scope, cursor.everyBatchStale ? "all" : stale);
    // Events last: appending one holds the outbox's commit-order lock until this commits.
    await appendGroupUpdates(tx, updates);
    await moveCursor(tx, upTo);
    return { upTo, behind: upTo < head, groups, changed: updates.length };
  });
}

export interface PreparationSweeper {
  stop(): Promise<void>;
}

/**
 * Sweeps in the process that runs the jobs (the worker; the app itself when embedded): soon
 * after an order event, and every second regardless, spaced so re-batching keeps to a tenth
 * of a core of this process; every group checked at its start and every ten minutes. Several
 * processes may run one: the cursor lets one sweep at a time.
 */
export function startPreparationSweeper({
  db,
  depot,
  bus,
  log,
  onSweep = () => {},
}: {
  db: Database;
  depot: Point;
  bus: Bus;
  log: (message: string) => void;
  /** Each sweep's wall time in seconds (frio_preparation_sweep_seconds). */
  onSweep?: (seconds: number) => void;
}): PreparationSweeper {
  let timer: NodeJS.Timeout | null = null;
  let dueAt = Infinity;
  let running: Promise<void> | null = null;
  let heard = false;
  let lastCostMs = 0;
  let lastEnd = 0;
  let everyGroupAt = -Infinity;
  let stopped = false;

  const spacing = () => Math.min(LONGEST_GAP_MS, Math.max(GATHER_MS, lastCostMs / CPU_SHARE));
  /** The next sweep in `delayMs`, or sooner if one is already due sooner. */
  const schedule = (delayMs: number) => {
    if (stopped || Date.now() + delayMs >= dueAt) return;
    if (timer) clearTimeout(timer);
    dueAt = Date.now() + delayMs;
    timer = setTimeout(() => {
      running = sweep();
    }, delayMs);
    timer.unref();
  };

  async function sweep() {
    dueAt = Infinity;
    heard = false;
    // CPU time, not wall time: waiting for a busy machine or a lock is not re-batching's cost.
    const started = process.cpuUsage();
    const startedAt = performance.now();
    let behind = false;
    const everyGroup = Date.now() - everyGroupAt >= EVERY_GROUP_MS;
    try {
      const swept = await sweepPreparation(db, depot, { everyGroup });
      behind = swept?.behind ?? false;
      if (swept && everyGroup) everyGroupAt = Date.now();
    } catch (error) {
      log(`preparation sweep failed: ${(error as Error).message}`);
    }
    onSweep((performance.now() - startedAt) / 1000);
    const spent = process.cpuUsage(started);
    lastCostMs = (spent.user + spent.system) / 1000;
    lastEnd = Date.now();
    running = null;
    schedule(behind || heard ? spacing() : Math.max(spacing(), SWEEP_EVERY_MS));
  }

  const unsubscribe = bus.subscribe((event) => {
    if (!event.type.startsWith("order.")) return;
    if (running !== null) heard = true;
    else schedule(Math.max(GATHER_MS, lastEnd + spacing() - Date.now()));
  });
  schedule(0);
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
