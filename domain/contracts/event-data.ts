import { z } from "zod";
import { text } from "./text";
import { BoardOrderRow } from "./boards";
import { DispatchCard } from "./dispatch";
import { PreparationCard } from "./preparation";
import type { DurableEventType } from "./events";
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
  /** A courier's mark undone: the order is Enviado again. */
  undo: z.boolean().optional(),
  /** The order's history lines of this change: the real weights packed. */
  notes: z.array(text()).optional(),
  /** An Admin took the order past the client's credit limit: what was available then. */
  over_credit_available: text().optional(),
  /** The order's /orders row (SPEC.md §3). */
  row: OrderRow,
  /** The order's card on the preparation and dispatch boards. */
  card: BoardOrderRow,
});
export type OrderEventData = z.infer<typeof OrderEventData>;
export const ORDER_EVENT_TYPES = [
  "order.created",
  "order.modified",
  "order.cancelled",
  "order.status_changed",
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
/** What an order event's producer hands over: the database adds the order's id, row and card. */
export type OrderEventInput = Omit<z.input<typeof OrderEventData>, "order_id" | "row" | "card">;

export const ColumnsJson = z.record(text(), z.array(z.number()));

/** dispatch.assignment_changed: the whole column order, and the dragged card where it landed (none on a reset). */
export const AssignmentChangedData = z.object({
  columns: ColumnsJson,
  reset: z.boolean().optional(),
  order_id: z.number().optional(),
  courier: z.number().optional(),
  delivery_date: text().optional(),
  version: z.number().optional(),
  card: DispatchCard.optional(),
});
export type AssignmentChangedData = z.infer<typeof AssignmentChangedData>;

/** dispatch.route_ready: the sent orders' cards, now Enviado. */
export const RouteReadyData = z.object({
  courier: z.number(),
  order_ids: z.array(z.number()),
  distance_m: z.number().optional(),
  maps_url: text().nullable().optional(),
  delivery_date: text(),
  cards: z.array(BoardOrderRow),
});
export type RouteReadyData = z.infer<typeof RouteReadyData>;

/**
 * preparation.updated: what one sweep changed in one (zone, date, time slot) group, for a board
 * holding the group as it was. A batch is named by its first order's id (its id is
 * `lote-<that id>`). `changed`: the batches the board lacks (new or rebuilt, or holding an
 * order that changed), each as its orders' ids in route order: the board builds the rest, pick
 * list included, from the cards; `cards`: the cards of those orders that changed since the
 * last sweep (the board holds every other one); `products`: the names of the products on those
 * cards' lines, by id (the board knows every other from the pick lists it holds); `moved`:
 * each batch whose place in the group changed, changed ones included, with the batch it now
 * follows (null: first), in the group's order; `removed`: the batches the group no longer has.
 * Every other batch stays as the board holds it, in its order. `origin`: the routes' start.
 */
export const PreparationUpdatedData = z.object({
  delivery_date: text(),
  zone_id: z.number().nullable(),
  time_slot_id: z.number().nullable(),
  origin: z.object({ lat: z.number(), lng: z.number() }),
  changed: z.array(z.array(z.number()).min(1)),
  products: z.record(text(), text()),
  cards: z.array(PreparationCard),
  moved: z.array(z.tuple([z.number(), z.number().nullable()])),
  removed: z.array(z.number()),
});
export type PreparationUpdatedData = z.infer<typeof PreparationUpdatedData>;

/** product.updated: the product's row as the lists show it, after a change besides its stock (name, price, weight…). */
export const ProductUpdatedData = z.object({ product: Product });
export type ProductUpdatedData = z.infer<typeof ProductUpdatedData>;

/** product.deleted: a product taken off sale. */
export const ProductDeletedData = z.object({ product_id: z.number() });
export type ProductDeletedData = z.infer<typeof ProductDeletedData>;

/** product.stock_changed: the product's new quantity in kilograms (announce_stock, and the product edits). */
const StockChangedData = z.object({ product_id: z.number(), quantity: text(), name: text() });

/** dispatch.stop_updated: a stop closed (from the phone or the board), its amounts as decimals. */
const StopUpdatedData = z.object({
  stop_id: z.number(),
  order_id: z.number(),
  column: z.number(),
  state: text(),
  amount_due: text().nullable(),
  amount_received: text().nullable(),
  difference: text().nullable(),
  reason: text().nullable(),
  delivery_date: text(),
});

/** dispatch.stop_undone: the stop open again, and the mark it had. */
const StopUndoneData = z.object({
  stop_id: z.number(),
  order_id: z.number(),
  column: z.number(),
  state: z.literal("pendiente"),
  undone: text(),
  delivery_date: text(),
});

/** dispatch.courier_linked: a board column given to a Cadete. */
const CourierLinkedData = z.object({ column: z.number(), user_id: z.number().nullable() });

/** dispatch.courier_position: a Cadete's fix while a route is open. */
const CourierPositionData = z.object({
  user_id: z.number(),
  column: z.number().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable().optional(),
  at: text(),
});

/** courier.stops_changed: only whose stops changed; each phone reads its own again. */
const StopsChangedData = z.object({ user_ids: z.array(z.number()), delivery_date: text().nullable() });

const ExportDoneData = z.object({ id: text(), rows: z.number() });
const ExportFailedData = z.object({ id: text(), reason: text() });

const RegistrationRequestedData = z.object({ id: z.number(), username: text() });
const UserApprovedData = z.object({ id: z.number(), user_id: z.number(), username: text() });
const UserDeniedData = z.object({ id: z.number() });
const UserData = z.object({ user_id: z.number() });
const GroupChangedData = z.object({ user_id: z.number(), group: text() });

/** Every durable event type (./events) and what its data holds: producers are typed by it, screens parse with it. */
/** dispatch.plan_ready: a day's plan finished (ready or failed); boards read it by id. */
const PlanReadyData = z.object({ id: text(), delivery_date: text(), status: text() });

export const EVENT_DATA = {
  "order.created": OrderEventData,
  "order.modified": OrderEventData,
  "order.cancelled": OrderEventData,
  "order.status_changed": OrderEventData,
  "product.stock_changed": StockChangedData,
  "product.updated": ProductUpdatedData,
  "product.deleted": ProductDeletedData,
  "preparation.updated": PreparationUpdatedData,
  "dispatch.assignment_changed": AssignmentChangedData,
  "dispatch.route_ready": RouteReadyData,
  "dispatch.stop_updated": StopUpdatedData,
  "dispatch.stop_undone": StopUndoneData,
  "dispatch.courier_linked": CourierLinkedData,
  "dispatch.courier_position": CourierPositionData,
  "dispatch.plan_ready": PlanReadyData,
  "courier.stops_changed": StopsChangedData,
  "export.done": ExportDoneData,
  "export.failed": ExportFailedData,
  "user.registration_requested": RegistrationRequestedData,
  "user.approved": UserApprovedData,
  "user.denied": UserDeniedData,
  "user.deactivated": UserData,
  "user.password_reset": UserData,
  "user.group_changed": GroupChangedData,
} satisfies Record<DurableEventType, z.ZodType>;

/** What a producer hands over for an event of type T. */
export type EventDataInput<T extends DurableEventType> = z.input<(typeof EVENT_DATA)[T]>;
/** What a screen reads of an event of type T. */
export type EventData<T extends DurableEventType> = z.infer<(typeof EVENT_DATA)[T]>;

/** An event's data read as its type says, null when it is none of `types` or does not match (an older event). */
export function readEventData<T extends DurableEventType>(
  event: { type: string; data: unknown },
  ...types: T[]
): EventData<T> | null {
  const type = types.find((t) => t === event.type);
  if (!type) return null;
  const parsed = EVENT_DATA[type].safeParse(event.data);
  return parsed.success ? (parsed.data as EventData<T>) : null;
}
