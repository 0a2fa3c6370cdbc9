import type { Executor } from "../../db/types";
import { appendEvents } from "../../realtime/outbox";
import type { GroupUpdate } from "./batches";

/**
 * One `preparation.updated` per changed group, carrying the group's batches as the board
 * shows them (`group_batches`), so open boards replace that group in place.
 */
export async function appendGroupUpdates(tx: Executor, updates: GroupUpdate[]) {
  await appendEvents(
    tx,
    updates.map((update) => ({ type: "preparation.updated", actorId: null, data: { ...update } })),
  );
}
