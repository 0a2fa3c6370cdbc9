import type { Point } from "../../../domain/routing";
import type { Executor } from "../../db/types";
import { appendEvents } from "../../realtime/outbox";
import type { GroupUpdate } from "./batches";
import { batchViews } from "./views";

/**
 * One `preparation.updated` per changed group, carrying the group's batches as the board
 * shows them (`group_batches`), so open boards replace that group in place. Every view is
 * read before the first event: appending holds the outbox's commit-order lock until commit.
 */
export async function appendGroupUpdates(tx: Executor, depot: Point, updates: GroupUpdate[]) {
  const views: Awaited<ReturnType<typeof batchViews>>[] = [];
  for (const update of updates) views.push(await batchViews(tx, depot, { group: { zoneId: update.zone_id, deliveryDate: update.delivery_date, timeSlotId: update.time_slot_id } }));
  await appendEvents(tx, updates.map((update, i) => ({ type: "preparation.updated", actorId: null, data: { ...update, group_batches: views[i] } })));
}
