const buenosAiresDate = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires" });

/** The business runs on Buenos Aires time: "today" is the date there, as YYYY-MM-DD. */
export function todayInBuenosAires(now = new Date()): string {
  return buenosAiresDate.format(now);
}
