import type { PreparationBatch, PreparationCard } from "./contracts/preparation";
import type { PreparationUpdatedData } from "./contracts/event-data";

/** Indices into `values` of a longest strictly increasing subsequence (patience sorting). */
function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]!]! < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  });
  const picked: number[] = [];
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i]!) picked.unshift(i);
  return picked;
}

/** A batch's move: its id and the id of the batch it now follows (null: first in its group). */
export type BatchMove<Id> = [id: Id, after: Id | null];

/**
 * The moves that turn a group's batches `held` (ids, in the board's order) into `next`: the
 * most held batches that keep their relative order stay where they are, and every other batch
 * of `next` (each of `rebuilt` among them) is placed after its predecessor, in `next`'s order.
 * A new order moves the few batches around it, so the event names those, not the whole group.
 */
export function batchMoves<Id>(held: readonly Id[], next: readonly Id[], rebuilt: ReadonlySet<Id>): BatchMove<Id>[] {
  const heldAt = new Map(held.map((id, i) => [id, i]));
  const candidates = next.flatMap((id, at) => (heldAt.has(id) && !rebuilt.has(id) ? [at] : []));
  const staying = new Set(longestIncreasing(candidates.map((at) => heldAt.get(next[at]!)!)).map((i) => candidates[i]!));
  return next.flatMap((id, at): BatchMove<Id>[] => (staying.has(at) ? [] : [[id, next[at - 1] ?? null]]));
}

/** A group's batch ids after `moved` and `removed`, from `held` (batchMoves undone on the board's side). */
export function placeBatches<Id>(held: readonly Id[], moved: readonly BatchMove<Id>[], removed: ReadonlySet<Id>): Id[] {
  const movedIds = new Set(moved.map(([id]) => id));
  const order = held.filter((id) => !removed.has(id) && !movedIds.has(id));
  for (const [id, after] of moved) order.splice(after === null ? 0 : order.indexOf(after) + 1, 0, id);
  return order;
}

/** What a group's delta carries besides its group and the routes' origin. */
export type GroupDelta = Pick<PreparationUpdatedData, "changed" | "products" | "cards" | "moved" | "removed">;

/** A batch as a delta names it: its first order's id (its id is `lote-<that id>`). */
const firstOrder = (batch: PreparationBatch) => batch.orders[0]!.PK_Orders;

/**
 * A group's delta for a board holding `held` (its batches, each named by its first order's id,
 * in order): the group is now `next`, `sent` the batches the board lacks as they are now, each
 * sent as its orders' ids; the cards of the orders `changedCard` names go with them, with the
 * names of their products; the board holds every other card, and every other product's name
 * in a pick list.
 */
export function groupDelta(
  held: readonly number[],
  next: readonly number[],
  sent: readonly PreparationBatch[],
  changedCard: (card: PreparationCard) => boolean,
): GroupDelta {
  const kept = new Set(next);
  const cards = sent.flatMap((b) => b.orders).filter(changedCard);
  const named = new Map(sent.flatMap((b) => b.pick_list).map((line) => [line.product_id, line.product_name]));
  const products: Record<string, string> = {};
  for (const [id] of cards.flatMap((c) => c.lines)) products[id] = named.get(id) ?? "";
  return {
    changed: sent.map((b) => b.orders.map((o) => o.PK_Orders)),
    products,
    cards,
    moved: batchMoves(
      held.filter((id) => kept.has(id)),
      next,
      new Set(sent.map(firstOrder)),
    ),
    removed: held.filter((id) => !kept.has(id)),
  };
}
