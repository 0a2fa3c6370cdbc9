const buenosAiresDate = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires" });

/** The business runs on Buenos Aires time: "today" is the date there, as YYYY-MM-DD. */
export function todayInBuenosAires(now = new Date()): string {
  return buenosAiresDate.format(now);
}

/** An ISO date (YYYY-MM-DD) as people here write it: DD/MM/YYYY. */
export const formatIsoDate = (iso: string) => iso.split("-").reverse().join("/");
