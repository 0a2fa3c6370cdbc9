import { processorsOf, startLoops } from "./registry";
import type { EnqueueOptions, JobContext, JobProcessor, JobRegistry, Jobs } from "./types";
import { InvalidJobPayload } from "./types";
import { finalFailure } from "./failure";
import { runProcessor } from "./run-processor";

type ContextFactory = (attempt: number) => JobContext;

/**
 * Embedded mode's queue: the same processors, run in this process, with job-id
 * de-duplication and exponential backoff. Jobs live in memory: a restart forgets
 * pending ones, which the embedded mode accepts (one process, nothing to hand over). The
 * registry's loops run here too, as the worker process runs them in production.
 */
export function createInProcessJobs(registry: JobRegistry, context: ContextFactory): Jobs {
  const processors = processorsOf(registry);
  const loops = startLoops(registry, context);
  const pending = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const busy = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  let closed = false;

  // At most `concurrency` jobs of a queue run at once, as a BullMQ worker would allow.
  const slot = async (processor: JobProcessor) => {
    const queue = processor.queue.name;
    if ((busy.get(queue) ?? 0) >= processor.queue.concurrency)
      await new Promise<void>((resolve) => waiting.set(queue, [...(waiting.get(queue) ?? []), resolve]));
    busy.set(queue, (busy.get(queue) ?? 0) + 1);
    return () => {
      busy.set(queue, busy.get(queue)! - 1);
      waiting.get(queue)?.shift()?.();
    };
  };

  const schedule = (fn: () => Promise<void>, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const task = fn().finally(() => running.delete(task));
      running.add(task);
    }, delayMs);
    timers.add(timer);
  };

  const attemptJob = async (processor: JobProcessor, key: string, data: unknown, attempt: number): Promise<void> => {
    if (closed) return;
    const release = await slot(processor);
    try {
      if (closed) return;
      await runProcessor(processor, data, context(attempt));
      pending.delete(key);
    } catch (error) {
      await finalFailure(processor, data, error, context(attempt), processor.queue.attempts);
      if (error instanceof InvalidJobPayload || attempt >= processor.queue.attempts) return void pending.delete(key);
      schedule(() => attemptJob(processor, key, data, attempt + 1), processor.queue.backoffMs * 2 ** (attempt - 1));
    } finally {
      release();
    }
  };

  return {
    async enqueue(queue: string, data: unknown, { jobId, delayMs = 0 }: EnqueueOptions) {
      const processor = processors[queue];
      if (!processor) throw new Error(`unknown queue ${queue}`);
      const key = `${queue}:${jobId}`;
      if (pending.has(key)) return;
      pending.add(key);
      schedule(() => attemptJob(processor, key, data, 1), delayMs);
    },
    healthy: () => !closed,
    async counts() {
      return Object.keys(processors).flatMap((queue) => {
        const active = busy.get(queue) ?? 0;
        const pendingOfQueue = [...pending].filter((key) => key.startsWith(`${queue}:`)).length;
        return [
          { queue, state: "active", count: active },
          { queue, state: "waiting", count: pendingOfQueue - active },
        ];
      });
    },
    async close() {
      closed = true;
      await loops.stop();
      for (const timer of timers) clearTimeout(timer);
      // Jobs waiting for a slot wake up, see the queue closed and end.
      for (const list of waiting.values())
        list.splice(0).forEach((wake) => {
          wake();
        });
      await Promise.allSettled([...running]);
    },
  };
}
