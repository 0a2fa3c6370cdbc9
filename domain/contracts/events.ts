import { z } from "zod";
import { isoDate } from "./dates";
import { text } from "./text";
import type { Capability } from "../permissions";

/** Durable events: written to order_events in the transaction of the change, replayable. */
export const DURABLE_EVENT_TYPES = [
  "order.created",
  "order.modified",
  "order.cancelled",
  "order.status_changed",
  "product.stock_changed",
  "product.updated",
  "product.deleted",
  "preparation.updated",
  "dispatch.assignment_changed",
  "dispatch.route_ready",
  "dispatch.stop_updated",
  "dispatch.stop_undone",
  "dispatch.courier_linked",
  "dispatch.courier_position",
  "dispatch.plan_ready",
  "courier.stops_changed",
  "export.done",
  "export.failed",
  "user.registration_requested",
  "user.approved",
  "user.denied",
  "user.deactivated",
  "user.password_reset",
  "user.group_changed",
] as const;
export type DurableEventType = (typeof DURABLE_EVENT_TYPES)[number];

export const AppEvent = z.object({
  id: z.number().int().nullable(),
  type: text(),
  at: text(),
  actor: z.number().int().nullable(),
  data: z.record(text(), z.unknown()),
});
export type AppEvent = z.infer<typeof AppEvent>;

/**
 * The preparation events a socket receives: those of one delivery date, of every date (null),
 * or none (no subscription), as the board it serves shows.
 */
export const PreparationSubscription = isoDate().nullable();
export type PreparationSubscription = z.infer<typeof PreparationSubscription>;

export const SocketAuthMessage = z.object({
  type: z.literal("auth"),
  token: text().min(1),
  last_event_id: z.number().int().nonnegative().optional().default(0),
  /** Set with the first message, the catch-up from `last_event_id` obeys it too. */
  preparation_date: PreparationSubscription.optional(),
});

export type SocketAuthMessage = z.infer<typeof SocketAuthMessage>;

/**
 * A board that changes the date it shows (or closes: no date) — the socket's preparation
 * events follow from the next one, as the `subscribed` answer says.
 */
const SocketSubscribeMessage = z.object({
  type: z.literal("subscribe"),
  preparation_date: PreparationSubscription.optional(),
});

export const ClientSocketMessage = z.discriminatedUnion("type", [SocketAuthMessage, SocketSubscribeMessage]);
export type ClientSocketMessage = z.infer<typeof ClientSocketMessage>;

/** Sockets one user may hold on an API instance (each open tab or screen holds one). */
export const SOCKETS_PER_USER = 20;
/**
 * The close of a user's oldest socket when a newer one takes its place past SOCKETS_PER_USER:
 * the screen stays as it is and reconnects when its tab is used again, not at once (which
 * would displace another and go round in a loop).
 */
export const SOCKET_DISPLACED = { code: 4409, reason: "too many sockets" } as const;

export type ServerSocketMessage =
  | { type: "ready"; last_event_id: number }
  /** A subscription took effect: the socket's events after this follow it. */
  | { type: "subscribed"; preparation_date?: PreparationSubscription }
  /** `after`: the id of the event sent on this socket just before (or the resume point); a screen that saw another one has a gap. */
  | { type: "event"; event: AppEvent; after: number }
  | { type: "error"; detail: string };

/** A user receives an event only when the user's group holds its capability. */
const EVENT_AUDIENCE: Record<string, Capability> = {
  order: "orders.list",
  product: "catalog.read",
  preparation: "preparation.work",
  dispatch: "dispatch.work",
  // Carries only the courier user ids whose stops changed: each phone re-fetches its own
  // stops, so no courier's socket ever holds another courier's clients or amounts.
  courier: "courier.work",
  export: "data.export",
  deploy: "software.deploy",
  user: "users.approve",
};

/** Types whose audience is narrower than their family's. */
const EVENT_TYPE_AUDIENCE: Record<string, Capability> = {
  // A cancelled order is Admin's only (DESIGN.md §4), its event as much as its row.
  "order.cancelled": "orders.see_cancelled",
};

/** Whether a socket subscribed so (undefined: never) receives this event: a preparation event only for its date. */
export function followsSubscription(event: Pick<AppEvent, "type" | "data">, preparation?: PreparationSubscription) {
  if (!event.type.startsWith("preparation.")) return true;
  return preparation !== undefined && (preparation === null || event.data.delivery_date === preparation);
}

export function eventCapability(type: string): Capability {
  return EVENT_TYPE_AUDIENCE[type] ?? EVENT_AUDIENCE[type.split(".")[0] ?? ""] ?? "users.approve";
}
