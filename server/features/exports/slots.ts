import { TooMany } from "../../errors";

/** Exports running at once in one process (API instance or worker), sync downloads and jobs together. */
export const EXPORT_SLOTS = 2;
// Beyond this many waiting, a new request is told to come back rather than held open.
const MAX_WAITING = 20;

/** A waiting request whose client went away (its signal aborted) before a slot was free. */
export class ExportAbandoned extends Error {}

/**
 * A counting semaphore: each export holds a slot from its first row to its last byte, the
 * rest wait in arrival order. 10 exports at once took 735 MB and 11 s per /api/me/ before.
 * A waiter whose signal aborts leaves the queue and never runs.
 */
export function createSlots(size: number, maxWaiting = MAX_WAITING) {
  let active = 0;
  let granted = 0;
  let dropped = 0;
  const waiting: (() => void)[] = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  return {
    /** Resolves with a release function once a slot is free; call it exactly once. */
    async acquire(signal?: AbortSignal): Promise<() => void> {
      if (signal?.aborted) throw new ExportAbandoned("client gone before the export was queued");
      if (active < size) active++;
      else if (waiting.length >= maxWaiting)
        throw new TooMany("Hay demasiadas exportaciones en curso. Probá de nuevo en unos minutos.");
      else
        await new Promise<void>((resolve, reject) => {
          const grant = () => {
            signal?.removeEventListener("abort", leave);
            resolve();
          };
          const leave = () => {
            const at = waiting.indexOf(grant);
            if (at < 0) return;
            waiting.splice(at, 1);
            dropped++;
            reject(new ExportAbandoned("client gone while the export was queued"));
          };
          waiting.push(grant);
          signal?.addEventListener("abort", leave, { once: true });
        });
      granted++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
    stats: () => ({ active, waiting: waiting.length }),
    /** Since the process started: slots handed out, and waiters dropped because their client left. */
    totals: () => ({ granted, dropped }),
  };
}

/** The one per process. */
export const exportSlots = createSlots(EXPORT_SLOTS);
