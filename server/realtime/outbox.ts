import type { AppEvent } from "@domain/contracts/events";
import type { Database } from "../db/types";
import { claimEvents, toAppEvent } from "./outbox-repository";

// The outbox's SQL is in outbox-repository.ts; what writes and reads events imports it from here.
export {
  appendEvent,
  appendEvents,
  eventsAfter,
  latestEventId,
  unpublishedEventCount,
} from "./outbox-repository";

/** Events published per relay cycle. */
const PAGE = 200;
/** A relay that finds the cursor held by another instance's relay looks again this much later. */
const BUSY_RETRY_MS = 15;

export interface OutboxRelay {
  /** Publishes now instead of waiting for the next tick (on each NOTIFY of a committed event). */
  nudge(): void;
  /** Publishes what is after the cursor now: how many, or "busy" while another relay holds the cursor. */
  flush(): Promise<number | "busy">;
  stop(): Promise<void>;
}

/**
 * Publishes the events after the cursor in id order, then moves the cursor. Ids follow
 * commit order, so nothing committed later can land behind the cursor. The cursor row is
 * also the lock: one relay at a time publishes, so order holds across API instances; if
 * publishing fails (Redis down) the cursor stays and the events go out on a later tick.
 */
export function startOutboxRelay(
  db: Database,
  publish: (event: AppEvent, previous: number) => Promise<void>,
  intervalMs = 250,
): OutboxRelay {
  let running: Promise<number | "busy"> | null = null;
  let stopped = false;

  const cycle = () =>
    db.transaction(async (tx): Promise<number | "busy"> => {
      const rows = await claimEvents(tx, PAGE);
      // No row at all: another instance's relay holds the cursor, and may have read before our events.
      // One row with no event: the cursor is ours and nothing is after it.
      if (!rows.length) return "busy";
      const previousId = Number(rows[0]!.cursor);
      const events = rows
        .filter((row) => row.id !== null)
        .map((row) =>
          toAppEvent({
            id: Number(row.id),
            type: row.type,
            at: new Date(row.at),
            actorId: row.actor_id,
            data: row.data,
          }),
        );
      // Sent together, in order, on the bus's one connection: a cycle (and the cursor's lock)
      // lasts one round trip to Redis, not one per event, so a burst of orders is not queued
      // behind it. The cursor was moved past them as they were read: a failure undoes that,
      // and they all go out again later (the hub's sockets drop an id they have already passed).
      const outcomes = await Promise.allSettled(
        events.map((event, i) => publish(event, i === 0 ? previousId : events[i - 1]!.id!)),
      );
      const failed = outcomes.find((outcome) => outcome.status === "rejected");
      if (failed) throw failed.reason;
      return events.length;
    });

  // A nudge during a cycle may come from a commit that cycle read too early: one more follows it.
  // Commits arriving meanwhile share that next cycle instead of one each.
  let again = false;
  let retry: NodeJS.Timeout | null = null;

  const flush = async (): Promise<number | "busy"> => {
    if (running !== null) return running;
    running = cycle()
      .catch(() => 0 as const)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          nudge();
        }
      });
    return running;
  };

  const timer = setInterval(() => void (stopped ? undefined : flush()), intervalMs);
  timer.unref();
  const nudge = () => {
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    void flush().then((published) => {
      if (published === "busy") {
        // Another instance's relay holds the cursor and may have read before our events: look again soon.
        retry ??= setTimeout(() => {
          retry = null;
          nudge();
        }, BUSY_RETRY_MS);
        return;
      }
      // More may follow a full page; a commit during the cycle has already asked for the next one.
      if (published === PAGE) nudge();
    });
  };
  return {
    nudge,
    flush,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (retry) clearTimeout(retry);
      await running;
    },
  };
}
