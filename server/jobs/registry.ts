import type { JobContext, JobLoop, JobProcessor, JobRegistry } from "./types";

const isLoop = (entry: JobProcessor | JobLoop): entry is JobLoop => "loop" in entry;

/** The registry's queue processors, by queue name. */
export const processorsOf = (registry: JobRegistry): Record<string, JobProcessor> =>
  Object.fromEntries(Object.entries(registry).filter((entry): entry is [string, JobProcessor] => !isLoop(entry[1])));

/** Starts the registry's loops; `stop` ends them and waits for the run in hand. */
export function startLoops(registry: JobRegistry, context: (attempt: number) => JobContext) {
  const running = Object.values(registry)
    .filter(isLoop)
    .map((loop) => loop.start(context(1)));
  return { stop: async () => void (await Promise.all(running.map((loop) => loop.stop()))) };
}
