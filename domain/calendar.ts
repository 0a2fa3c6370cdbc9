const BUENOS_AIRES = "America/Argentina/Buenos_Aires";
const buenosAiresDate = new Intl.DateTimeFormat("en-CA", { timeZone: BUENOS_AIRES });
// hourCycle, not hour12: es-AR's own pattern is a 12-hour clock without a.m./p.m. ("06:17" at 18:17),
// and hour12: false picks h24 ("24:05" five minutes after midnight).
const buenosAiresClock = new Intl.DateTimeFormat("es-AR", {
  timeZone: BUENOS_AIRES,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** An instant's wall-clock fields in Buenos Aires, zero-padded. */
function clockOf(at: Date | string) {
  const parts = Object.fromEntries(buenosAiresClock.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return parts as Record<"day" | "month" | "year" | "hour" | "minute" | "second", string>;
}

/** An instant as a 24-hour Buenos Aires time, "18:17" (with seconds, "18:17:43"). */
export function formatTime(at: Date | string, { seconds = false } = {}): string {
  const c = clockOf(at);
  return seconds ? `${c.hour}:${c.minute}:${c.second}` : `${c.hour}:${c.minute}`;
}

/** An instant as its Buenos Aires date, "24/11/2026". */
export function formatDate(at: Date | string): string {
  const c = clockOf(at);
  return `${c.day}/${c.month}/${c.year}`;
}

/** An instant as people here read it, on a 24-hour Buenos Aires clock: "24/11/2026 18:17". */
export const formatDateTime = (at: Date | string) => `${formatDate(at)} ${formatTime(at)}`;

/** The business runs on Buenos Aires time: "today" is the date there, as YYYY-MM-DD. */
export function todayInBuenosAires(now = new Date()): string {
  return buenosAiresDate.format(now);
}

/** An ISO date (YYYY-MM-DD) as people here write it: DD/MM/YYYY. */
export const formatIsoDate = (iso: string) => iso.split("-").reverse().join("/");

/** The ISO date `days` after (or before, when negative) another; calendar days, no clock. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The `count` dates ending on `last`, oldest first. */
export const daysEndingOn = (last: string, count: number) =>
  Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));

/** The ISO date `years` later, the 29th of February becoming the 28th in a year without one. */
export function addYears(iso: string, years: number): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const target = year + years;
  const last = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${String(target).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(day, last)).padStart(2, "0")}`;
}

export const DELIVERY_DATE_MESSAGE = "La fecha de entrega debe ser desde hoy y hasta dentro de un año.";

/** The days a new delivery may be set on: from today (Buenos Aires) to the same day a year later. */
export const deliveryWindow = (today: string) => ({ first: today, last: addYears(today, 1) });

/**
 * Whether an order may be delivered on `date` (ISO): within deliveryWindow(today), or the
 * date the order already has (`kept`, when modifying it), even if that one has passed.
 */
export function isDeliveryDateAllowed(date: string, today: string, kept: string | null = null): boolean {
  if (kept !== null && date === kept) return true;
  const { first, last } = deliveryWindow(today);
  return date >= first && date <= last;
}
