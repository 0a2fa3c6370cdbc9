/** The form names are searched in: lower-case, no accents, single spaces ("Gómez" → "gomez"). */
export function normalizeSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
