import type { Redis } from "ioredis";

/**
 * Login throttling that an attacker cannot turn against a user (ASVS 6.3): failures are
 * counted per (username, address) and per address, never per username alone, so guessing
 * someone's password from elsewhere never locks the owner out. Past a free allowance each
 * further attempt must wait a delay that doubles with every failure, up to a cap; a
 * success clears the (username, address) count.
 */
export interface ThrottleRule {
  /** Failures allowed before any delay. */
  free: number;
  /** The first delay; each failure after it doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A count is forgotten this long after its last failure. */
  forgetAfterMs: number;
}

export const PER_USER_ADDRESS: ThrottleRule = { free: 5, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000, forgetAfterMs: 15 * 60_000 };
// An office behind one NAT address shares this one: generous, and still a wall for a script.
export const PER_ADDRESS: ThrottleRule = { free: 30, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000, forgetAfterMs: 15 * 60_000 };

interface Failures {
  count: number;
  lastAt: number;
}

export interface FailureStore {
  get(key: string): Promise<Failures | null>;
  record(key: string, at: number, ttlMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Milliseconds still to wait before this key may try again; 0 when it may. */
export function waitFor(failures: Failures | null, rule: ThrottleRule, now: number): number {
  if (!failures || failures.count < rule.free) return 0;
  const delay = Math.min(rule.baseDelayMs * 2 ** (failures.count - rule.free), rule.maxDelayMs);
  return Math.max(0, failures.lastAt + delay - now);
}

export function memoryFailureStore(): FailureStore {
  const entries = new Map<string, Failures & { expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry || entry.expiresAt <= Date.now()) return null;
      return entry;
    },
    async record(key, at, ttlMs) {
      const entry = await this.get(key);
      entries.set(key, { count: (entry?.count ?? 0) + 1, lastAt: at, expiresAt: at + ttlMs });
      // A bound on memory: an address spraying usernames must not grow the map for ever.
      if (entries.size > 100_000) for (const [k, e] of entries) if (e.expiresAt <= at) entries.delete(k);
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

/** Shared by every API instance in production; counts survive a restart of one of them. */
export function redisFailureStore(redis: Redis): FailureStore {
  const name = (key: string) => `frio:login:${key}`;
  return {
    async get(key) {
      const row = await redis.hmget(name(key), "count", "lastAt");
      return row[0] ? { count: Number(row[0]), lastAt: Number(row[1]) } : null;
    },
    async record(key, at, ttlMs) {
      await redis.multi().hincrby(name(key), "count", 1).hset(name(key), "lastAt", at).pexpire(name(key), ttlMs).exec();
    },
    async clear(key) {
      await redis.del(name(key));
    },
  };
}

export interface LoginThrottle {
  /** Milliseconds to wait before this attempt may be checked; 0 when it may go ahead. */
  check(username: string, address: string): Promise<number>;
  failed(username: string, address: string): Promise<void>;
  succeeded(username: string, address: string): Promise<void>;
}

export function createLoginThrottle(store: FailureStore, onStoreError: (error: Error) => void = () => {}): LoginThrottle {
  const keys = (username: string, address: string) => [
    [`ua:${username.trim().toLowerCase()}|${address}`, PER_USER_ADDRESS],
    [`a:${address}`, PER_ADDRESS],
  ] as const;
  // A store outage must not lock everyone out of logging in: it counts as no failures.
  const guarded = async <T>(work: () => Promise<T>, fallback: T) => {
    try {
      return await work();
    } catch (error) {
      onStoreError(error as Error);
      return fallback;
    }
  };
  return {
    check: (username, address) =>
      guarded(async () => {
        const now = Date.now();
        const waits = await Promise.all(keys(username, address).map(async ([key, rule]) => waitFor(await store.get(key), rule, now)));
        return Math.max(...waits);
      }, 0),
    failed: (username, address) =>
      guarded(async () => {
        const now = Date.now();
        await Promise.all(keys(username, address).map(([key, rule]) => store.record(key, now, rule.forgetAfterMs)));
      }, undefined),
    succeeded: (username, address) => guarded(() => store.clear(keys(username, address)[0][0]), undefined),
  };
}
