import { z } from "zod";
import { text } from "./text";
import { BoardOrderRow, DispatchCard, PreparationBatch } from "./boards";
import { OrderRow } from "./orders";
import { Product } from "./products";

/**
 * What events carry to the screens (DESIGN.md §6), so each applies them in place. Screens
 * parse with these: an event that does not match (an older one, written before it carried
 * rows) is ignored rather than half applied.
 */

/** order.created, order.modified, order.cancelled, order.status_changed. */
export const OrderEventData = z.object({
  order_id: z.number(),
  delivery_date: text(),
  status_id: z.number(),
  from: z.number().optional(),
  /** The order's /orders row (SPEC.md §3). */
  row: OrderRow,
  /** The order's card on the preparation and dispatch boards. */
  card: BoardOrderRow,
});
export type OrderEventData = z.infer<typeof OrderEventData>;

export const ColumnsJson = z.record(text(), z.array(z.number()));

/** dispatch.assignment_changed: the whole column order, and the dragged card where it landed (none on a reset). */
export const AssignmentChangedData = z.object({
  columns: ColumnsJson,
  reset: z.boolean().optional(),
  order_id: z.number().optional(),
  version: z.number().optional(),
  card: DispatchCard.optional(),
});
export type AssignmentChangedData = z.infer<typeof AssignmentChangedData>;

/** dispatch.route_ready: the sent orders' cards, now Enviado. */
export const RouteReadyData = z.object({
  courier: z.number(),
  order_ids: z.array(z.number()),
  delivery_date: text(),
  cards: z.array(BoardOrderRow),
});
export type RouteReadyData = z.infer<typeof RouteReadyData>;

/**
 * preparation.updated: what one sweep changed in one (zone, date, time slot) group. `batch_ids`
 * lists every batch of the group in the board's order; `changed` holds, as the board shows
 * them, only the batches a board holding the group as it was does not already have (new or
 * rebuilt, or holding an order that changed); `removed` the ids of the batches the group no
 * longer has. A board keeps every other batch of the group as it holds it.
 */
export const PreparationUpdatedData = z.object({
  delivery_date: text(),
  zone_id: z.number().nullable(),
  time_slot_id: z.number().nullable(),
  batch_ids: z.array(text()),
  changed: z.array(PreparationBatch),
  removed: z.array(text()),
});
export type PreparationUpdatedData = z.infer<typeof PreparationUpdatedData>;

/** product.updated: the product's row as the lists show it, after a change besides its stock (name, price, weight…). */
export const ProductUpdatedData = z.object({ product: Product });
export type ProductUpdatedData = z.infer<typeof ProductUpdatedData>;

/** product.deleted: a product taken off sale. */
export const ProductDeletedData = z.object({ product_id: z.number() });
export type ProductDeletedData = z.infer<typeof ProductDeletedData>;
