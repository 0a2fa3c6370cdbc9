import type { Redis } from "ioredis";
import { usernameKey } from "@domain/usernames";

/**
 * Login throttling that an attacker cannot turn against a user (ASVS 6.3): attempts are
 * counted per (username, address) and per address, never per username alone, so guessing
 * someone's password from elsewhere never locks the owner out. Past a free allowance each
 * further attempt must wait a delay that doubles with every attempt, up to a cap.
 *
 * An attempt is counted when it is let through, before its password is verified, in one
 * atomic step per store: forty requests arriving together cannot all read "no failures yet"
 * and all be verified. An attempt refused while a count must wait starts that wait again
 * (a burst gets no turn until it stops), so what is verified does not depend on how fast a
 * busy server reads the burst. A success gives its attempt back (the address's) and clears
 * the (username, address) count, so only failures stay counted.
 */
export interface ThrottleRule {
  /** Attempts allowed before any delay. */
  free: number;
  /** The first delay; each attempt after it doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A count is forgotten this long after its last attempt. */
  forgetAfterMs: number;
}

export const PER_USER_ADDRESS: ThrottleRule = {
  free: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
  forgetAfterMs: 15 * 60_000,
};
// An office behind one NAT address shares this one: generous, and still a wall for a script.
export const PER_ADDRESS: ThrottleRule = {
  free: 30,
  baseDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
  forgetAfterMs: 15 * 60_000,
};

interface Attempts {
  count: number;
  lastAt: number;
}

interface Counter {
  key: string;
  rule: ThrottleRule;
}

export interface AttemptStore {
  /**
   * Counts one attempt on every counter: 0. Or, when a counter must still wait, counts none,
   * starts the waits still running again, and answers the milliseconds to wait.
   */
  take(counters: readonly Counter[]): Promise<number>;
  /** A success: `cleared` starts again from nothing, `refunded` gets its attempt back. */
  giveBack(cleared: string, refunded: string): Promise<void>;
}

/** How long a key must wait after its last attempt; 0 within the free allowance. */
function delayOf(attempts: Attempts | null, rule: ThrottleRule): number {
  if (!attempts || attempts.count < rule.free) return 0;
  return Math.min(rule.baseDelayMs * 2 ** (attempts.count - rule.free), rule.maxDelayMs);
}

/** Milliseconds still to wait before this key may try again; 0 when it may. */
function waitFor(attempts: Attempts | null, rule: ThrottleRule, now: number): number {
  const delay = delayOf(attempts, rule);
  return delay && Math.max(0, attempts!.lastAt + delay - now);
}

/** Embedded mode: one process, so a synchronous read-and-count is atomic. */
export function memoryAttemptStore(): AttemptStore {
  const entries = new Map<string, Attempts & { expiresAt: number }>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    return entry && entry.expiresAt > now ? entry : null;
  };
  return {
    async take(counters) {
      const now = Date.now();
      const waiting = counters.filter(({ key, rule }) => waitFor(live(key, now), rule, now) > 0);
      if (waiting.length) {
        for (const { key, rule } of waiting)
          Object.assign(live(key, now)!, { lastAt: now, expiresAt: now + rule.forgetAfterMs });
        return Math.max(...waiting.map(({ key, rule }) => delayOf(live(key, now), rule)));
      }
      for (const { key, rule } of counters) {
        entries.set(key, { count: (live(key, now)?.count ?? 0) + 1, lastAt: now, expiresAt: now + rule.forgetAfterMs });
      }
      // A bound on memory: an address spraying usernames must not grow the map for ever.
      if (entries.size > 100_000) for (const [k, e] of entries) if (e.expiresAt <= now) entries.delete(k);
      return 0;
    },
    async giveBack(cleared, refunded) {
      entries.delete(cleared);
      const entry = entries.get(refunded);
      if (entry && --entry.count <= 0) entries.delete(refunded);
    },
  };
}

/**
 * Both steps as Lua scripts, which Redis runs one at a time: the read, the check and the
 * count cannot interleave with another instance's. Redis's clock, so instances agree.
 */
const TAKE = `
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local wait = 0
for i, key in ipairs(KEYS) do
  local free, base, max = tonumber(ARGV[i * 4 - 3]), tonumber(ARGV[i * 4 - 2]), tonumber(ARGV[i * 4 - 1])
  local row = redis.call('HMGET', key, 'count', 'lastAt')
  local count = tonumber(row[1]) or 0
  if count >= free then
    local delay = math.min(base * 2 ^ (count - free), max)
    if tonumber(row[2]) + delay > now then
      redis.call('HSET', key, 'lastAt', now)
      redis.call('PEXPIRE', key, ARGV[i * 4])
      wait = math.max(wait, delay)
    end
  end
end
if wait > 0 then return math.ceil(wait) end
for i, key in ipairs(KEYS) do
  redis.call('HINCRBY', key, 'count', 1)
  redis.call('HSET', key, 'lastAt', now)
  redis.call('PEXPIRE', key, ARGV[i * 4])
end
return 0`;

const GIVE_BACK = `
redis.call('DEL', KEYS[1])
if redis.call('EXISTS', KEYS[2]) == 1 and redis.call('HINCRBY', KEYS[2], 'count', -1) <= 0 then redis.call('DEL', KEYS[2]) end
return 0`;

/** Shared by every API instance in production; counts survive a restart of one of them. */
export function redisAttemptStore(redis: Redis, namespace: string): AttemptStore {
  const name = (key: string) => `${namespace}:login:${key}`;
  return {
    async take(counters) {
      const args = counters.flatMap(({ rule }) => [rule.free, rule.baseDelayMs, rule.maxDelayMs, rule.forgetAfterMs]);
      return Number(await redis.eval(TAKE, counters.length, ...counters.map((c) => name(c.key)), ...args));
    },
    async giveBack(cleared, refunded) {
      await redis.eval(GIVE_BACK, 2, name(cleared), name(refunded));
    },
  };
}

export interface LoginThrottle {
  /** Counts this attempt and lets it go ahead (0), or the milliseconds to wait before trying again. */
  attempt(username: string, address: string): Promise<number>;
  succeeded(username: string, address: string): Promise<void>;
}

export function createLoginThrottle(
  store: AttemptStore,
  onStoreError: (error: Error) => void = () => {},
): LoginThrottle {
  // Names as login compares them, so `Ana`, `ana` and a fullwidth `ａｎａ` share one count.
  const counters = (username: string, address: string) =>
    [
      { key: `ua:${usernameKey(username.trim())}|${address}`, rule: PER_USER_ADDRESS },
      { key: `a:${address}`, rule: PER_ADDRESS },
    ] as const;
  // A store outage must not lock everyone out of logging in: it counts as no attempts.
  const guarded = async <T>(work: () => Promise<T>, fallback: T) => {
    try {
      return await work();
    } catch (error) {
      onStoreError(error as Error);
      return fallback;
    }
  };
  return {
    attempt: (username, address) => guarded(() => store.take(counters(username, address)), 0),
    succeeded: (username, address) =>
      guarded(() => {
        const [userAddress, addressOnly] = counters(username, address);
        return store.giveBack(userAddress.key, addressOnly.key);
      }, undefined),
  };
}
