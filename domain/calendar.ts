const buenosAiresDate = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires" });

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
export const daysEndingOn = (last: string, count: number) => Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));
