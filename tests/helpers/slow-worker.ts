/**
 * A worker process for the kill tests: a real processor (PROCESSOR) behind a delay, on a
 * private queue with a short lock, so a killed worker's job is handed over quickly.
 */
import { openDatabase } from "../../server/db/client";
import { startBullWorkers } from "../../server/jobs/bullmq";
import { createMemoryBus } from "../../server/realtime/bus";
import { jobContextFactory } from "../../server/runtime";
import { loadConfig } from "../../server/config";
import { realProcessor, slowProcessor } from "./slow-processor";

const { DATABASE_URL, REDIS_URL, QUEUE, DELAY_MS, PROCESSOR = "purge" } = process.env;
const config = loadConfig({
  DATABASE_URL,
  REDIS_URL,
  DATA_DIR: "/tmp/frio-slow-worker",
  JWT_SECRET: "x".repeat(40),
  LOG_LEVEL: "silent",
});
const database = await openDatabase({ url: DATABASE_URL!, poolSize: 2 });
const processor = slowProcessor(realProcessor(PROCESSOR), QUEUE!, Number(DELAY_MS));
const running = startBullWorkers(
  REDIS_URL!,
  config.redisNamespace,
  { [QUEUE!]: processor },
  jobContextFactory(config, database, createMemoryBus()),
);
running.workers[0]!.on("active", () => process.send?.("active"));
process.send?.("ready");
process.on("SIGTERM", async () => {
  await running.close();
  await database.close();
  process.exit(0);
});
