import { Queue, UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import { SERVICE_UNAVAILABLE } from "@domain/contracts/errors";
import { logConnectionErrors, type LogError } from "../connection-errors";
import { Unavailable } from "../errors";
import { finalFailure } from "./failure";
import { processorsOf, startLoops } from "./registry";
import type { JobContext, JobRegistry, Jobs } from "./types";
import { InvalidJobPayload } from "./types";
import { runProcessor } from "./run-processor";

/** The states `frio_jobs` reports: done jobs are removed after an hour, so `completed` is not a total. */
const JOB_STATES = ["waiting", "active", "delayed", "failed", "completed"] as const;

/** An enqueue waits no longer than this for Redis; the request then answers 503. */
const ENQUEUE_TIMEOUT_MS = 3_000;

function connection(url: string) {
  // BullMQ requires maxRetriesPerRequest null on its workers' connections.
  return new Redis(url, { maxRetriesPerRequest: null });
}

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer from Redis in ${ms} ms`)), ms).unref(),
    ),
  ]);

/** Production enqueueing: one BullMQ queue per processor's queue config. */
export function createBullJobs(
  redisUrl: string,
  prefix: string,
  registry: JobRegistry,
  log: LogError = (message) => console.error(`[jobs] ${message}`),
): Jobs {
  // Fails fast while Redis is away instead of queueing the command until it returns.
  const processors = processorsOf(registry);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  logConnectionErrors(redis, "enqueueing connection", log);
  const queues = new Map<string, Queue>();
  const queueFor = (name: string) => {
    const processor = processors[name];
    if (!processor) throw new Error(`unknown queue ${name}`);
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: redis, prefix });
      logConnectionErrors(queue, `queue ${name}`, log);
      queues.set(name, queue);
    }
    return { queue, config: processor.queue };
  };
  return {
    async enqueue(name, data, { jobId, delayMs }) {
      const { queue, config } = queueFor(name);
      const added = queue.add(name, data, {
        jobId,
        delay: delayMs,
        attempts: config.attempts,
        backoff: { type: "exponential", delay: config.backoffMs },
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 24 * 3600 },
      });
      await withTimeout(added, ENQUEUE_TIMEOUT_MS).catch((error: Error) => {
        // A queue made while Redis was away may never have initialised: make it anew next time.
        queues.delete(name);
        void queue.close().catch((closeError: Error) => log(`queue ${name}: ${closeError.message}`));
        throw Object.assign(new Unavailable(SERVICE_UNAVAILABLE), { cause: error });
      });
    },
    healthy: () => redis.status === "ready",
    async counts() {
      if (redis.status !== "ready") return [];
      const perQueue = await Promise.all(
        Object.keys(processors).map(async (name) => {
          const counts = await withTimeout(queueFor(name).queue.getJobCounts(...JOB_STATES), ENQUEUE_TIMEOUT_MS).catch(
            () => ({}),
          );
          return Object.entries(counts).map(([state, count]) => ({ queue: name, state, count: Number(count) }));
        }),
      );
      return perQueue.flat();
    },
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

/** The worker process side: one BullMQ worker per queue, and the registry's loops; closing gracefully on shutdown. */
export function startBullWorkers(
  redisUrl: string,
  prefix: string,
  registry: JobRegistry,
  context: (attempt: number) => JobContext,
): RunningWorkers {
  const loops = startLoops(registry, context);
  const workers = Object.values(processorsOf(registry)).map((processor) => {
    const { lockMs, concurrency, attempts, name } = processor.queue;
    const worker = new Worker(
      name,
      async (job) => {
        const ctx = context(job.attemptsMade + 1);
        try {
          return await runProcessor(processor, job.data, ctx);
        } catch (error) {
          await finalFailure(processor, job.data, error, ctx, attempts);
          if (error instanceof InvalidJobPayload) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
      {
        connection: connection(redisUrl),
        prefix,
        concurrency,
        lockDuration: lockMs,
        // A killed worker's job is moved back on the second check after its lock lapses: lockMs + 2 checks at most.
        stalledInterval: Math.min(lockMs / 2, 5_000),
        maxStalledCount: attempts,
      },
    );
    logConnectionErrors(worker, `worker ${name}`, context(1).log.error);
    return worker;
  });
  return {
    workers,
    close: async () => void (await Promise.allSettled([loops.stop(), ...workers.map((w) => w.close())])),
  };
}
