/** SPEC.md §9: a two-digit year is read as 19xx when above 50, else 20xx. */
export const expandYear = (year: number) => (year >= 100 ? year : year > 50 ? 1900 + year : 2000 + year);

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The dates the app takes anywhere (birthdays, deliveries, filters, ranges): a year outside
 * them is a typing slip or a probe, and Postgres has no year 0.
 */
const DATE_RANGE = { first: "1900-01-01", last: "2100-12-31" } as const;

/** An ISO date (YYYY-MM-DD) within DATE_RANGE. */
const isDateInRange = (iso: string) => iso >= DATE_RANGE.first && iso <= DATE_RANGE.last;

function iso(year: number, month: number, day: number): string | null {
  const full = expandYear(year);
  const date = new Date(Date.UTC(full, month - 1, day));
  // 31/02 and the like roll over into another month: refuse them rather than guess.
  if (date.getUTCFullYear() !== full || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const read = `${pad(full, 4)}-${pad(month)}-${pad(day)}`;
  return isDateInRange(read) ? read : null;
}

/**
 * A date as people type it, to ISO (YYYY-MM-DD), or null when it is not a date:
 * YYYY-MM-DD (a date input gives "0075-03-14" for a typed "75"), DD/MM/YYYY or DD/MM/YY
 * (also with '-' or '.'). Two-digit years follow expandYear. Year 0000 (there is none), an
 * impossible day (31/02) and a date outside DATE_RANGE are null.
 */
export function readTypedDate(text: string): string | null {
  const value = text.trim();
  const isoLike = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (isoLike) return isoLike[1] === "0000" ? null : iso(Number(isoLike[1]), Number(isoLike[2]), Number(isoLike[3]));
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (local) return iso(Number(local[3]), Number(local[2]), Number(local[1]));
  return null;
}

/** A date as an API field or filter: exactly YYYY-MM-DD, a real day, within DATE_RANGE (no two-digit reading). */
export const isExactDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && readTypedDate(text) === text;
