import { ConfigError, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { startBullWorkers } from "../server/jobs/bullmq";
import { createRedisBus } from "../server/realtime/bus";
import { jobContextFactory } from "../server/runtime";
import { PROCESSORS } from "./registry";

/** The worker process of production mode: consumes every queue until SIGTERM. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl || !config.redisUrl) {
    throw new ConfigError("The worker process needs DATABASE_URL and REDIS_URL (embedded mode runs jobs inside npm start).");
  }
  const database = await openDatabase({ url: config.databaseUrl, poolSize: 5 });
  const bus = createRedisBus(config.redisUrl, `${config.redisNamespace}:events`);
  const running = startBullWorkers(config.redisUrl, config.redisNamespace, PROCESSORS, jobContextFactory(config, database, bus));
  console.log(`Frío workers: ${Object.keys(PROCESSORS).join(", ")}`);
  const shutdown = async () => {
    // Finish the jobs in hand, then leave; BullMQ hands unfinished ones to another worker.
    await running.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
