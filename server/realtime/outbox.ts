import { and, asc, gt, inArray, isNull, sql } from "drizzle-orm";
import type { AppEvent, DurableEventType } from "../../domain/contracts/events";
import { orderEvents } from "../../drizzle/schema";
import type { Database, Executor } from "../db/types";

// Held by each writing transaction from its event insert to its commit, so event ids are
// handed out in commit order and "replay after id N" never skips a late commit.
const EVENT_ORDER_LOCK = 7261002;
const RELAY_LOCK = 7261003;
const NUDGE_DELAY_MS = 15;

export interface NewEvent {
  type: DurableEventType;
  actorId: number | null;
  orderId?: number | null;
  data: Record<string, unknown>;
}

/** Writes a durable event; call it last in the transaction that makes the change. */
export async function appendEvent(tx: Executor, event: NewEvent): Promise<number> {
  // One round trip: take the lock, then insert (the CTE runs before the insert reads it).
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with ordered as (select pg_advisory_xact_lock(${EVENT_ORDER_LOCK}))
      insert into ${orderEvents} (type, actor_id, order_id, data)
      select ${event.type}, ${event.actorId}, ${event.orderId ?? null}, ${JSON.stringify(event.data)}::jsonb from ordered
      returning id`),
  );
  return Number(row!.id);
}

type EventRow = typeof orderEvents.$inferSelect;

export function toAppEvent(row: EventRow): AppEvent {
  return {
    id: row.id,
    type: row.type,
    at: row.at.toISOString(),
    actor: row.actorId,
    data: (row.data ?? {}) as Record<string, unknown>,
  };
}

export async function eventsAfter(db: Executor, lastId: number, limit = 1000): Promise<AppEvent[]> {
  const rows = await db.select().from(orderEvents).where(gt(orderEvents.id, lastId)).orderBy(asc(orderEvents.id)).limit(limit);
  return rows.map(toAppEvent);
}

export async function latestEventId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${orderEvents.id}), 0)::int` }).from(orderEvents);
  return Number(row?.id ?? 0);
}

export interface OutboxRelay {
  /** Publishes now instead of waiting for the next tick (called after a commit). */
  nudge(): void;
  flush(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Publishes unpublished events in id order and marks them published. One relay at a
 * time holds the lock, so order holds across API instances; if publishing fails (Redis
 * down) the rows stay unpublished and go out on a later tick.
 */
export function startOutboxRelay(db: Database, publish: (e: AppEvent) => Promise<void>, intervalMs = 250): OutboxRelay {
  let running: Promise<number> | null = null;
  let stopped = false;

  const cycle = () =>
    db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${RELAY_LOCK}) as ok`));
      if (!lock?.ok) return 0;
      const rows = await tx
        .select()
        .from(orderEvents)
        .where(isNull(orderEvents.publishedAt))
        .orderBy(asc(orderEvents.id))
        .limit(200);
      const published: number[] = [];
      for (const row of rows) {
        try {
          await publish(toAppEvent(row));
          published.push(row.id);
        } catch {
          break;
        }
      }
      if (published.length) {
        await tx.update(orderEvents).set({ publishedAt: new Date() }).where(and(inArray(orderEvents.id, published)));
      }
      return published.length;
    });

  const flush = async (): Promise<number> => {
    if (running) return running;
    running = cycle()
      .catch(() => 0)
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void (stopped ? undefined : flush()), intervalMs);
  timer.unref();
  // Commits arriving together share one relay cycle instead of one each.
  let nudged: NodeJS.Timeout | null = null;
  const nudge = () => {
    nudged ??= setTimeout(() => {
      nudged = null;
      void flush().then((published) => published > 0 && nudge());
    }, NUDGE_DELAY_MS);
  };
  return {
    nudge,
    flush,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (nudged) clearTimeout(nudged);
      await running;
    },
  };
}

/** postgres.js returns an array, PGlite an object with rows: both read the same here. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
