import type { Redis } from "ioredis";
import type { Config } from "./config";
import { consoleErrors, logConnectionErrors } from "./connection-errors";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { createInProcessJobs } from "./jobs/in-process";
import type { JobContext, JobRegistry, Jobs } from "./jobs/types";
import { createMemoryBus, type Bus } from "./realtime/bus";
import { startOutboxRelay, unpublishedEventCount, type OutboxRelay } from "./realtime/outbox";
import { createMetrics, type Metrics } from "./operations/metrics";
import { createBackupsService, startBackupSchedule, type BackupsService } from "./features/backups";

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  bus: Bus;
  jobs: Jobs;
  relay: OutboxRelay;
  redis?: Redis;
  backups: BackupsService;
  /** When METRICS_TOKEN is set. */
  metrics?: Metrics;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Open this database instead of the one the config names (tests use a per-file copy). */
  database?: DatabaseHandle;
  relayIntervalMs?: number;
}

/**
 * The two adapters that differ between run modes: everything above them is shared. `processors`
 * (the queue processors and loops by name) come from the process's entry point
 * (workers/registry.ts), as the server never imports workers/; embedded, the in-process jobs run them.
 */
export async function createRuntime(
  config: Config,
  processors: JobRegistry,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  const logDatabase = consoleErrors(config.logLevel, "database");
  const database =
    options.database ??
    (await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }, logDatabase));
  const logRedis = consoleErrors(config.logLevel, "redis");
  // Redis and BullMQ are loaded in production only: an embedded start does not pay for them.
  const production = config.redisUrl
    ? await Promise.all([import("ioredis"), import("./realtime/redis-bus"), import("./jobs/bullmq")])
    : null;
  const bus = production
    ? production[1].createRedisBus(config.redisUrl!, `${config.redisNamespace}:events`, logRedis)
    : createMemoryBus();
  const redis = production
    ? new production[0].Redis(config.redisUrl!, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) logConnectionErrors(redis, "shared connection", logRedis);
  const metrics = config.metricsToken ? createMetrics() : undefined;
  const context = jobContextFactory(config, database, bus, metrics);
  const jobs = production
    ? production[2].createBullJobs(config.redisUrl!, config.redisNamespace, processors, logRedis)
    : createInProcessJobs(processors, context);
  const relay = startOutboxRelay(database.db, bus.publish, options.relayIntervalMs);
  // Any commit of an event, in any process, wakes the relay (append_event's NOTIFY).
  const stopListening = await database.listen("frio_events", relay.nudge).catch((error: Error) => {
    // The relay still polls: events are only published later, not lost.
    logDatabase(`LISTEN frio_events failed: ${error.message}`);
    return async () => {};
  });
  const backups = createBackupsService({ database, config });
  metrics?.watch({
    unpublishedEvents: () => unpublishedEventCount(database.db),
    jobs: () => jobs.counts(),
    lastBackupAt: backups.lastSuccessAt,
  });
  // Scheduled backups are written where the jobs run: here when embedded, by the workers in production.
  const schedule =
    config.backups && !config.redisUrl
      ? startBackupSchedule({
          db: database.db,
          backups,
          schedule: config.backups,
          mode: config.mode,
          log: context(1).log.info,
        })
      : null;
  return {
    config,
    database,
    bus,
    jobs,
    relay,
    redis,
    backups,
    metrics,
    async close() {
      await schedule?.stop();
      // Bounded: after its connection was cut, an UNLISTEN may wait on a reconnect; ending the pool closes it anyway.
      await Promise.race([
        stopListening().catch((error: Error) => logDatabase(`UNLISTEN failed: ${error.message}`)),
        new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
      ]);
      await relay.stop();
      await jobs.close();
      await bus.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

export function jobContextFactory(config: Config, database: DatabaseHandle, bus: Bus, metrics?: Metrics) {
  return (attempt: number): JobContext => ({
    db: database.db,
    stream: database.stream,
    textRows: database.textRows,
    copyText: database.copyText,
    bus,
    config,
    attempt,
    metrics,
    log: {
      info: (msg) => config.logLevel !== "silent" && console.log(`[jobs] ${msg}`),
      error: (msg) => config.logLevel !== "silent" && console.error(`[jobs] ${msg}`),
    },
  });
}
