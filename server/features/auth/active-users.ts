import type { AuthenticatedUser } from "./repository";

/** How long a looked-up user answers for its tokens before it is read again. */
const ACTIVE_USER_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

/**
 * The user behind each access token, kept for a moment: every authenticated request needs
 * it, and a busy screen sends many. A change made in this process forgets the user at
 * once, a deactivation made by another instance arrives as its event, and the TTL bounds
 * what is left (a Redis outage). Requests arriving together share one lookup.
 */
export function createActiveUsers(load: (id: number) => Promise<AuthenticatedUser | null>, ttlMs = ACTIVE_USER_TTL_MS) {
  const entries = new Map<number, { user: Promise<AuthenticatedUser | null>; until: number }>();
  return {
    get(id: number): Promise<AuthenticatedUser | null> {
      const now = Date.now();
      const kept = entries.get(id);
      if (kept && kept.until > now) return kept.user;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const user = load(id);
      entries.set(id, { user, until: now + ttlMs });
      user.catch(() => entries.get(id)?.user === user && entries.delete(id));
      return user;
    },
    forget(id: number) {
      entries.delete(id);
    },
  };
}
