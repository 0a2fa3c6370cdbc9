import { todayInBuenosAires } from "./calendar";
import type { Centavos } from "./money";

/** Why a stop was not delivered (issue 16); 'Otro' needs a text. */
export const NOT_DELIVERED_REASONS = [
  "Ausente",
  "Rechazó el pedido",
  "Dirección incorrecta",
  // The goods arrived warmer than the cold chain allows (issue 41).
  "Cadena de frío",
  "Otro",
] as const;
export type NotDeliveredReason = (typeof NOT_DELIVERED_REASONS)[number];

export const STOP_STATES = ["pendiente", "entregado", "no_entregado"] as const;
export type StopState = (typeof STOP_STATES)[number];

/** Cash orders are the ones whose payment method is named efectivo (SPEC.md §7's default). */
export const isCashMethod = (name: string | null | undefined) => !!name && /efectivo/i.test(name);

/** Received minus due: positive when the courier collected more than the order's price. */
export const cashDifference = (due: Centavos, received: Centavos): Centavos => received - due;

export interface StopOrderKey {
  /** When the route holding the stop was sent: a later route's stops come after. */
  sentAt: Date;
  position: number;
  id: number;
}

/** Stops in the order the courier drives them: route by route, each in its planned order. */
export function routeOrder<T extends StopOrderKey>(stops: T[]): T[] {
  return [...stops].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime() || a.position - b.position || a.id - b.id);
}

/** A column's progress, "2/3": stops no longer pending over all stops of the day. */
export function progressOf(states: StopState[]) {
  return { done: states.filter((s) => s !== "pendiente").length, total: states.length };
}

export interface CashStop {
  courierId: number | null;
  state: StopState;
  due: Centavos | null;
  received: Centavos | null;
}

export interface CashTotals {
  stops: number;
  delivered: number;
  notDelivered: number;
  due: Centavos;
  received: Centavos;
  difference: Centavos;
}

/**
 * End-of-day cash of one courier: only delivered cash stops count; what was not delivered
 * was not due. Exact in centavos.
 */
export function cashTotals(stops: CashStop[]): CashTotals {
  const delivered = stops.filter((s) => s.state === "entregado");
  const cash = delivered.filter((s) => s.due !== null);
  const due = cash.reduce((sum, s) => sum + (s.due ?? 0), 0);
  const received = cash.reduce((sum, s) => sum + (s.received ?? 0), 0);
  return {
    stops: stops.length,
    delivered: delivered.length,
    notDelivered: stops.filter((s) => s.state === "no_entregado").length,
    due,
    received,
    difference: cashDifference(due, received),
  };
}

/**
 * The number WhatsApp needs: Argentine mobiles as 54 9 + area + number. A local number
 * loses its trunk 0 and the mobile 15 after a 2–4 digit area code is left as typed.
 */
export function whatsappNumber(phone: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (digits.length < 6) return null;
  if (digits.startsWith("54")) return digits;
  if (digits.startsWith("0")) digits = digits.slice(1);
  return `549${digits}`;
}

/** Dialable: keeps a leading + and the digits. */
export function telNumber(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 6) return null;
  return `${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** Google Maps directions to the stop from wherever the phone is. */
export function directionsUrl(stop: {
  latitude: number | null;
  longitude: number | null;
  address: string;
  city: string | null;
}): string {
  const destination =
    stop.latitude !== null && stop.longitude !== null
      ? `${stop.latitude.toFixed(6)},${stop.longitude.toFixed(6)}`
      : [stop.address, stop.city].filter(Boolean).join(", ");
  return `https://www.google.com/maps/dir/?${new URLSearchParams({ api: "1", destination, travelmode: "driving" })}`;
}

/** Position sharing: the phone sends at most one fix every 30 s (issue 16). */
export const POSITION_INTERVAL_MS = 30_000;

/** A courier undoes their own Entregado / No entregado within 5 minutes (issue 29). */
export const COURIER_UNDO_MS = 5 * 60_000;

export type UndoRefusal = "notYours" | "window" | "otherDay";

/**
 * Who may undo a stop's mark, and until when: the courier who made it within 5 minutes, the
 * office (Despachante, Admin) any mark made the same Buenos Aires day. Null when allowed.
 */
export function undoRefusal(
  mark: { closedBy: number | null; closedAt: Date },
  actor: { id: number; office: boolean },
  now: Date,
): UndoRefusal | null {
  if (actor.office) return todayInBuenosAires(mark.closedAt) === todayInBuenosAires(now) ? null : "otherDay";
  if (mark.closedBy !== actor.id) return "notYours";
  return now.getTime() - mark.closedAt.getTime() <= COURIER_UNDO_MS ? null : "window";
}
