import type { AddressInfo } from "node:net";
import { ConfigError, loadConfig } from "../server/config";
import { consoleErrors } from "../server/connection-errors";
import { openDatabase } from "../server/db/client";
import { keepPrivate } from "../server/operations/private-files";
import { onShutdownSignal } from "../server/operations/shutdown";
import { createBullJobs, startBullWorkers } from "../server/jobs/bullmq";
import { createMetrics, serveMetrics } from "../server/operations/metrics";
import { unpublishedEventCount } from "../server/realtime/outbox";
import { createRedisBus } from "../server/realtime/redis-bus";
import { createBackupsService, startBackupSchedule } from "../server/features/backups";
import { jobContextFactory } from "../server/runtime";
import { PROCESSORS } from "./registry";

/** The worker process of production mode: consumes every queue until SIGTERM. */
async function main() {
  const config = loadConfig();
  // Export files and backups written here are the service user's alone, as the API's are.
  keepPrivate(config.dataDir);
  if (!config.databaseUrl || !config.redisUrl) {
    throw new ConfigError(
      "The worker process needs DATABASE_URL and REDIS_URL (embedded mode runs jobs inside npm start).",
    );
  }
  const database = await openDatabase(
    { url: config.databaseUrl, poolSize: 5 },
    consoleErrors(config.logLevel, "database"),
  );
  const bus = createRedisBus(
    config.redisUrl,
    `${config.redisNamespace}:events`,
    consoleErrors(config.logLevel, "redis"),
  );
  const metrics = config.metricsToken ? createMetrics() : undefined;
  const context = jobContextFactory(config, database, bus, metrics);
  // The queues' workers and the loops (the preparation sweep).
  const running = startBullWorkers(config.redisUrl, config.redisNamespace, PROCESSORS, context);
  const queues = metrics ? createBullJobs(config.redisUrl, config.redisNamespace, PROCESSORS) : null;
  const metricsServer = metrics
    ? await serveMetrics(metrics, config.metricsToken!, config.metricsPort, config.host)
    : null;
  const backupsService = createBackupsService({ database, config });
  metrics?.watch({
    unpublishedEvents: () => unpublishedEventCount(database.db),
    jobs: () => queues!.counts(),
    lastBackupAt: backupsService.lastSuccessAt,
  });
  const backups = config.backups
    ? startBackupSchedule({
        db: database.db,
        backups: backupsService,
        schedule: config.backups,
        mode: config.mode,
        log: context(1).log.info,
      })
    : null;
  const port = (metricsServer?.address() as AddressInfo | undefined)?.port;
  console.log(
    `Frío workers: ${Object.keys(PROCESSORS).join(", ")}${backups ? `, backups every ${config.backups!.everyMinutes} min` : ""}${port ? `, metrics on :${port}/metrics` : ""}`,
  );
  onShutdownSignal(async () => {
    // Finish the jobs in hand, then leave; BullMQ hands unfinished ones to another worker.
    metricsServer?.close();
    await Promise.all([running.close(), backups?.stop(), queues?.close()]);
    await bus.close();
    await database.close();
  });
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
