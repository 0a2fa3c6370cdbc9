import { asc, gt, sql } from "drizzle-orm";
import type { EventDataInput } from "@domain/contracts/event-data";
import type { AppEvent, DurableEventType } from "@domain/contracts/events";
import { orderEvents, outboxCursor } from "../../drizzle/schema";
import { rowsOf } from "../db/rows";
import type { Executor } from "../db/types";

/** A durable event as its producer writes it: `data` typed by EVENT_DATA for its type. */
export interface NewEvent<T extends DurableEventType = DurableEventType> {
  type: T;
  actorId: number | null;
  orderId?: number | null;
  data: EventDataInput<T>;
}

/** Writes a durable event; call it last in the transaction that makes the change. */
export async function appendEvent<T extends DurableEventType>(tx: Executor, event: NewEvent<T>): Promise<number> {
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
export async function appendEvents<T extends DurableEventType>(tx: Executor, events: NewEvent<T>[]): Promise<void> {
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

/**
 * The relay's page, with the cursor moved past it, in one statement: the cursor row locked
 * (skipped when another relay holds it: no row at all), up to `page` events after it (a
 * lateral index range, not a scan from the first), and the cursor set to the last of them.
 * A left join, so a free cursor with nothing after it still answers one row; `cursor` is its
 * value before the move. The move is undone with the transaction when publishing fails. A
 * cursor lost in a crash only sends some events again (screens drop ids they have seen), so
 * the commit need not wait for the disk.
 */
export async function claimEvents(tx: Executor, page: number) {
  return rowsOf<{
    id: string | number | null;
    type: string;
    at: Date | string;
    actor_id: number | null;
    data: unknown;
    cursor: string | number;
  }>(
    await tx.execute(sql`
      with cursor as (select last_event_id from ${outboxCursor} where id = 1 for update skip locked),
      page as (
        select e.* from cursor,
        lateral (select * from ${orderEvents} where id > cursor.last_event_id order by id limit ${page}) as e
      ),
      moved as (
        update ${outboxCursor} set last_event_id = (select max(id) from page)
        from (select set_config('synchronous_commit', 'off', true)) as no_wait
        where id = 1 and exists (select 1 from page)
      )
      select page.id, page.type, page.at, page.actor_id, page.data, cursor.last_event_id as cursor
      from cursor left join page on true
      order by page.id`),
  );
}
