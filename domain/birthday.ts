/** SPEC.md §5: the tag shows when the birthday falls within 8 days of today, past or future. */
const BIRTHDAY_WINDOW_DAYS = 8;

const DAY_MS = 86_400_000;

/** Reads "dd/mm", "dd/mm/yyyy", "dd/mm/yy" or ISO "yyyy-mm-dd"; only day and month matter. */
function parseDayMonth(value: string | null | undefined): { day: number; month: number } | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const local = /^(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?$/.exec(value.trim());
  const [day, month] = iso
    ? [Number(iso[3]), Number(iso[2])]
    : local
      ? [Number(local[1]), Number(local[2])]
      : [NaN, NaN];
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  return { day, month };
}

/** Signed days from today to the nearest occurrence of the birthday (negative: already passed). */
function daysToBirthday(birthday: { day: number; month: number }, today: Date): number {
  const base = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const candidates = [-1, 0, 1].map((offset) => {
    const year = today.getFullYear() + offset;
    // 29/02 in a common year is celebrated on 28/02.
    const day = Math.min(birthday.day, new Date(Date.UTC(year, birthday.month, 0)).getUTCDate());
    return Math.round((Date.UTC(year, birthday.month - 1, day) - base) / DAY_MS);
  });
  return candidates.reduce((best, d) => (Math.abs(d) < Math.abs(best) ? d : best));
}

/** The CUMPLEAÑOS tag text, or null outside the window. */
export function birthdayTag(value: string | null | undefined, today: Date): string | null {
  const birthday = parseDayMonth(value);
  if (!birthday) return null;
  const days = daysToBirthday(birthday, today);
  if (Math.abs(days) > BIRTHDAY_WINDOW_DAYS) return null;
  if (days === 0) return "Cumple hoy";
  // SPEC.md's text, word for word, "(s)" included.
  return days > 0 ? `Cumple en ${days} dia(s)` : `Cumplio hace ${-days} dia(s)`;
}
