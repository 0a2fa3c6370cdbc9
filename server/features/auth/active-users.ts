import type { AuthenticatedUser } from "./repository";

/** How long a looked-up user answers for its tokens before it is read again. */
const ACTIVE_USER_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

type Entry = { lookup: Promise<AuthenticatedUser | null>; user?: AuthenticatedUser | null; until: number };

/**
 * The user behind each access token, kept for a moment: every authenticated request needs
 * it, and a busy screen sends many. A change made in this process forgets the user at
 * once, a deactivation made by another instance arrives as its event, and the TTL bounds
 * what is left (a Redis outage). Requests arriving together share one lookup; once it has
 * answered, the user is handed back as is, so a request need not wait a turn for it.
 */
export function createActiveUsers(load: (id: number) => Promise<AuthenticatedUser | null>, ttlMs = ACTIVE_USER_TTL_MS) {
  const entries = new Map<number, Entry>();
  return {
    get(id: number): AuthenticatedUser | null | Promise<AuthenticatedUser | null> {
      const now = Date.now();
      const kept = entries.get(id);
      if (kept && kept.until > now) return kept.user !== undefined ? kept.user : kept.lookup;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const entry: Entry = { lookup: load(id), until: now + ttlMs };
      entries.set(id, entry);
      entry.lookup.then(
        (user) => void (entry.user = user),
        () => entries.get(id) === entry && entries.delete(id),
      );
      return entry.lookup;
    },
    forget(id: number) {
      entries.delete(id);
    },
  };
}
