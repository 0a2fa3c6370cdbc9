import { asc, gt, sql } from "drizzle-orm";
import type { AppEvent, DurableEventType } from "../../domain/contracts/events";
import { orderEvents, outboxCursor } from "../../drizzle/schema";
import { rowsOf } from "../db/rows";
import type { Database, Executor } from "../db/types";

/** Events published per relay cycle. */
const PAGE = 200;
/** A relay that finds the cursor held by another instance's relay looks again this much later. */
const BUSY_RETRY_MS = 15;

export interface NewEvent {
  type: DurableEventType;
  actorId: number | null;
  orderId?: number | null;
  data: Record<string, unknown>;
}

/** Writes a durable event; call it last in the transaction that makes the change. */
export async function appendEvent(tx: Executor, event: NewEvent): Promise<number> {
  // `append_event` holds a lock from the insert to the commit, so event ids are handed out
  // in commit order and "replay after id N" never skips a late commit.
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(
      sql`select append_event(${event.type}, ${event.actorId}, ${event.orderId ?? null}, ${JSON.stringify(event.data)}::jsonb) as id`,
    ),
  );
  return Number(row!.id);
}

/** Writes several durable events in one statement, their ids in the order given. */
export async function appendEvents(tx: Executor, events: NewEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.execute(sql`
    select append_event(e->>'type', (e->>'actor_id')::int, (e->>'order_id')::int, e->'data')
    from jsonb_array_elements(${JSON.stringify(events.map((e) => ({ type: e.type, actor_id: e.actorId, order_id: e.orderId ?? null, data: e.data })))}::jsonb) as e`);
}

type EventRow = typeof orderEvents.$inferSelect;

export function toAppEvent(row: Pick<EventRow, "id" | "type" | "at" | "actorId" | "data">): AppEvent {
  return {
    id: row.id,
    type: row.type,
    at: row.at.toISOString(),
    actor: row.actorId,
    data: (row.data ?? {}) as Record<string, unknown>,
  };
}

export async function eventsAfter(db: Executor, lastId: number, limit = 1000): Promise<AppEvent[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(gt(orderEvents.id, lastId))
    .orderBy(asc(orderEvents.id))
    .limit(limit);
  return rows.map(toAppEvent);
}

export async function latestEventId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${orderEvents.id}), 0)::int` }).from(orderEvents);
  return Number(row?.id ?? 0);
}

/** Events committed after the relay's cursor: what the screens have not been sent yet. */
export async function unpublishedEventCount(db: Executor): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from ${orderEvents} where id > (select last_event_id from ${outboxCursor} where id = 1)`,
    ),
  );
  return Number(row?.n ?? 0);
}

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
      // Lateral, so the events are an index range after the cursor, not a scan from the first;
      // a left join, so a free cursor with nothing after it still answers one row.
      const rows = rowsOf<{
        id: string | number | null;
        type: string;
        at: Date | string;
        actor_id: number | null;
        data: unknown;
        cursor: string | number;
      }>(
        await tx.execute(sql`
          select e.id, e.type, e.at, e.actor_id, e.data, cursor.last_event_id as cursor
          from (select last_event_id from ${outboxCursor} where id = 1 for update skip locked) as cursor
          left join lateral (select * from ${orderEvents} where id > cursor.last_event_id order by id limit ${PAGE}) as e on true
          order by e.id`),
      );
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
      let published = 0;
      let previous = previousId;
      for (const event of events) {
        try {
          await publish(event, previous);
          previous = event.id!;
          published++;
        } catch {
          break;
        }
      }
      // A cursor lost in a crash only sends some events again (screens drop ids they have
      // seen), so its commit need not wait for the disk.
      if (published) {
        await tx.execute(sql`
          with no_wait as (select set_config('synchronous_commit', 'off', true))
          update ${outboxCursor} set last_event_id = ${events[published - 1]!.id} from no_wait where id = 1`);
      }
      return published;
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
