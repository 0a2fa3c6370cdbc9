import { TooMany } from "../../errors";

/** Exports running at once in one process (API instance or worker), sync downloads and jobs together. */
export const EXPORT_SLOTS = 2;
// Beyond this many waiting, a new request is told to come back rather than held open.
const MAX_WAITING = 20;

/**
 * A counting semaphore: each export holds a slot from its first row to its last byte, the
 * rest wait in arrival order. 10 exports at once took 735 MB and 11 s per /api/me/ before.
 */
export function createSlots(size: number, maxWaiting = MAX_WAITING) {
  let active = 0;
  const waiting: (() => void)[] = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  return {
    /** Resolves with a release function once a slot is free; call it exactly once. */
    async acquire(): Promise<() => void> {
      if (active < size) active++;
      else if (waiting.length >= maxWaiting)
        throw new TooMany("Hay demasiadas exportaciones en curso. Probá de nuevo en unos minutos.");
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
    stats: () => ({ active, waiting: waiting.length }),
  };
}

/** The one per process. */
export const exportSlots = createSlots(EXPORT_SLOTS);
