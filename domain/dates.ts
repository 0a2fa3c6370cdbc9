/** SPEC.md §9: a two-digit year is read as 19xx when above 50, else 20xx. */
export const expandYear = (year: number) => (year >= 100 ? year : year > 50 ? 1900 + year : 2000 + year);

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function iso(year: number, month: number, day: number): string | null {
  const full = expandYear(year);
  const date = new Date(Date.UTC(full, month - 1, day));
  // 31/02 and the like roll over into another month: refuse them rather than guess.
  if (date.getUTCFullYear() !== full || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(full, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * A date as people type it, to ISO (YYYY-MM-DD), or null when it is not a date:
 * YYYY-MM-DD (a date input gives "0075-03-14" for a typed "75"), DD/MM/YYYY or DD/MM/YY
 * (also with '-' or '.'). Two-digit years follow expandYear.
 */
export function readTypedDate(text: string): string | null {
  const value = text.trim();
  const isoLike = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (isoLike) return iso(Number(isoLike[1]), Number(isoLike[2]), Number(isoLike[3]));
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (local) return iso(Number(local[3]), Number(local[2]), Number(local[1]));
  return null;
}
