import type { AuthenticatedUser } from "./repository";

/** How long a looked-up session answers for its tokens before it is read again. */
const ACTIVE_USER_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

type Entry = { lookup: Promise<AuthenticatedUser | null>; user?: AuthenticatedUser | null; until: number };

/**
 * The user behind each access token's session, kept for a moment: every authenticated
 * request needs it, and a busy screen sends many. A change made in this process forgets the
 * user's sessions at once, a logout or deactivation made by another instance arrives as its
 * event, and the TTL bounds what is left (a Redis outage). Requests arriving together share
 * one lookup; once it has answered, the user is handed back as is, so a request need not
 * wait a turn for it.
 */
export function createActiveUsers(
  load: (id: number, sessionId: string) => Promise<AuthenticatedUser | null>,
  ttlMs = ACTIVE_USER_TTL_MS,
) {
  // By user, then by session: an event names the user whose sessions changed.
  const users = new Map<number, Map<string, Entry>>();
  let size = 0;
  return {
    get(id: number, sessionId: string): AuthenticatedUser | null | Promise<AuthenticatedUser | null> {
      const now = Date.now();
      const kept = users.get(id)?.get(sessionId);
      if (kept && kept.until > now) return kept.user !== undefined ? kept.user : kept.lookup;
      if (size >= MAX_ENTRIES) {
        users.clear();
        size = 0;
      }
      let sessions = users.get(id);
      if (!sessions) {
        sessions = new Map();
        users.set(id, sessions);
      }
      const entry: Entry = { lookup: load(id, sessionId), until: now + ttlMs };
      if (!sessions.has(sessionId)) size++;
      sessions.set(sessionId, entry);
      const drop = () => {
        if (users.get(id) !== sessions || sessions.get(sessionId) !== entry) return;
        sessions.delete(sessionId);
        size--;
        if (!sessions.size && users.get(id) === sessions) users.delete(id);
      };
      entry.lookup.then((user) => {
        entry.user = user;
      }, drop);
      return entry.lookup;
    },
    /** Every kept session of the user is read again on its next request. */
    forget(id: number) {
      const sessions = users.get(id);
      if (!sessions) return;
      size -= sessions.size;
      users.delete(id);
    },
  };
}
