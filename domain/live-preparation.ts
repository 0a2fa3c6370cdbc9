import { groupKey } from "./batching";
import type { BoardOrderRow } from "./contracts/boards";
import type { PreparationBatch, PreparationBoard, PreparationCard } from "./contracts/preparation";
import type { OrderEventData, PreparationUpdatedData } from "./contracts/event-data";
import { gramsToDecimal, toGrams } from "./money";
import { PREPARATION_STATUSES } from "./order-status";
import { placeBatches } from "./preparation-delta";
import { batchIdOf, batchView } from "./preparation-view";

export const preparationSummary = (batches: PreparationBatch[]) => ({
  suggested_groups: batches.length,
  orders_covered: batches.reduce((n, b) => n + b.order_count, 0),
});

const batchGroup = (b: PreparationBatch) =>
  groupKey({ zoneId: b.zone_id, deliveryDate: b.delivery_date, timeSlotId: b.time_slot_id });
/** The server's order: date, zone, time slot (no zone or slot last), then position within the group. */
const nullsLast = (n: number | null) => n ?? Number.MAX_SAFE_INTEGER;
const groupOrder = (a: PreparationBatch, b: PreparationBatch) =>
  a.delivery_date.localeCompare(b.delivery_date) ||
  nullsLast(a.zone_id) - nullsLast(b.zone_id) ||
  nullsLast(a.time_slot_id) - nullsLast(b.time_slot_id);

const withBatches = (batches: PreparationBatch[]): PreparationBoard => ({
  summary: preparationSummary(batches),
  batches,
});

/**
 * A re-batched group's delta (PreparationUpdatedData): its moved batches take their places, each
 * changed one built from the cards the board holds and the ones sent, the removed ones go. The
 * board ends as a fresh read shows it, the same delta again changes nothing, and a board
 * showing another day ignores it.
 */
export function applyGroupBatches(
  board: PreparationBoard,
  date: string,
  data: PreparationUpdatedData,
): PreparationBoard {
  if (date && data.delivery_date !== date) return board;
  const key = groupKey({ zoneId: data.zone_id, deliveryDate: data.delivery_date, timeSlotId: data.time_slot_id });
  const held = new Map<string, PreparationBatch>();
  const others: PreparationBatch[] = [];
  for (const batch of board.batches) {
    if (batchGroup(batch) === key) held.set(batch.id, batch);
    else others.push(batch);
  }
  const cards = new Map<number, PreparationCard>();
  for (const card of [...[...held.values()].flatMap((b) => b.orders), ...data.cards]) cards.set(card.PK_Orders, card);
  // The event names the products of the cards it carries; the board's pick lists name every other.
  const names = new Map<number, string>();
  for (const line of [...held.values()].flatMap((b) => b.pick_list)) names.set(line.product_id, line.product_name);
  for (const [id, name] of Object.entries(data.products)) names.set(Number(id), name);
  const built = new Map<string, PreparationBatch>();
  for (const ids of data.changed) {
    // An order whose card the board lacks (it missed an event) is not invented: its resume reads again.
    const orders = ids.flatMap((id) => cards.get(id) ?? []);
    if (orders.length)
      built.set(
        batchIdOf(ids[0]!),
        batchView(data.origin, orders, (id) => names.get(id) ?? ""),
      );
  }
  const order = placeBatches(
    [...held.keys()],
    data.moved.map(([id, after]) => [batchIdOf(id), after === null ? null : batchIdOf(after)]),
    new Set(data.removed.map(batchIdOf)),
  );
  const group = order.flatMap((id) => built.get(id) ?? held.get(id) ?? []);
  // A stable sort keeps each group's batches in their stored positions.
  return withBatches([...others, ...group].sort(groupOrder));
}

/**
 * An order's new card in the batches that hold it; an order that left preparation or its
 * group leaves its batch at once, as the server's board leaves it out, until the sweep's
 * preparation.updated re-batches the group (its pick list is the sweep's to redo).
 */
export const applyOrderToPreparation = (board: PreparationBoard, { card }: OrderEventData) =>
  applyCardToPreparation(board, card);

/** An order's card as it is now, in the batches that hold it (see applyOrderToPreparation). */
export function applyCardToPreparation(board: PreparationBoard, card: BoardOrderRow): PreparationBoard {
  const id = card.PK_Orders;
  if (!board.batches.some((b) => b.orders.some((o) => o.PK_Orders === id))) return board;
  const stays = (b: PreparationBatch) =>
    PREPARATION_STATUSES.includes(card.FK_OrderStatus__PK_OrderStatus) &&
    groupKey({
      zoneId: card.FK_Shipments__PK_Shipments,
      deliveryDate: card.Delivery_Date,
      timeSlotId: card.FK_TimesShipping__PK_TimesShipping,
    }) === batchGroup(b);
  const batches = board.batches.flatMap((batch) => {
    if (!batch.orders.some((o) => o.PK_Orders === id)) return [batch];
    const orders = stays(batch)
      ? batch.orders.map((o) => (o.PK_Orders === id ? { ...card, lines: o.lines } : o))
      : batch.orders.filter((o) => o.PK_Orders !== id);
    if (!orders.length) return [];
    const weight = gramsToDecimal(orders.reduce((sum, o) => sum + toGrams(o.total_weight), 0));
    return [
      {
        ...batch,
        orders,
        order_count: orders.length,
        total_weight: weight,
        without_coordinates: batch.without_coordinates.filter((o) => orders.some((x) => x.PK_Orders === o)),
      },
    ];
  });
  return withBatches(batches);
}
