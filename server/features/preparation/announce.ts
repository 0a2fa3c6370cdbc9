import type { Executor } from "../../db/types";
import { appendEvents } from "../../realtime/outbox";
import type { GroupUpdate } from "./batches";

/**
 * One `preparation.updated` per changed group, carrying only what a board holding the group as
 * it was lacks (PreparationUpdatedData: the changed batches by their orders' ids, the changed
 * cards, the moved and removed ids), so open boards of its date lay the group out in place.
 */
export async function appendGroupUpdates(tx: Executor, updates: GroupUpdate[]) {
  await appendEvents(
    tx,
    updates.map((update) => ({ type: "preparation.updated", actorId: null, data: { ...update } })),
  );
}
