import { Queue, UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { JobContext, JobProcessor, Jobs } from "./types";
import { InvalidJobPayload } from "./types";
import { runProcessor } from "./run-processor";

function connection(url: string) {
  // BullMQ requires maxRetriesPerRequest null on its connections.
  return new Redis(url, { maxRetriesPerRequest: null });
}

/** Production enqueueing: one BullMQ queue per processor's queue config. */
export function createBullJobs(redisUrl: string, prefix: string, processors: Record<string, JobProcessor<any>>): Jobs {
  const redis = connection(redisUrl);
  redis.on("error", () => {});
  const queues = new Map<string, Queue>();
  const queueFor = (name: string) => {
    const processor = processors[name];
    if (!processor) throw new Error(`unknown queue ${name}`);
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: redis, prefix });
      queue.on("error", () => {});
      queues.set(name, queue);
    }
    return { queue, config: processor.queue };
  };
  return {
    async enqueue(name, data, { jobId, delayMs }) {
      const { queue, config } = queueFor(name);
      await queue.add(name, data, {
        jobId,
        delay: delayMs,
        attempts: config.attempts,
        backoff: { type: "exponential", delay: config.backoffMs },
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 24 * 3600 },
      });
    },
    healthy: () => redis.status === "ready",
    async close() {
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export interface RunningWorkers {
  close(): Promise<void>;
  workers: Worker[];
}

/** The worker process side: one BullMQ worker per queue, closing gracefully on shutdown. */
export function startBullWorkers(
  redisUrl: string,
  prefix: string,
  processors: Record<string, JobProcessor<any>>,
  context: (attempt: number) => JobContext,
): RunningWorkers {
  const workers = Object.values(processors).map((processor) => {
    const worker = new Worker(
      processor.queue.name,
      async (job) => {
        try {
          return await runProcessor(processor, job.data, context(job.attemptsMade + 1));
        } catch (error) {
          if (error instanceof InvalidJobPayload) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
      {
        connection: connection(redisUrl),
        prefix,
        concurrency: processor.queue.concurrency,
        lockDuration: processor.queue.lockMs,
        stalledInterval: processor.queue.lockMs,
        maxStalledCount: processor.queue.attempts,
      },
    );
    worker.on("error", () => {});
    return worker;
  });
  return { workers, close: async () => void (await Promise.allSettled(workers.map((w) => w.close()))) };
}
