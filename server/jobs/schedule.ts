import type { LogError } from "../connection-errors";
import type { Jobs } from "./types";

const HOUR_MS = 3600_000;

/** Hourly purge of expired tokens; the job id is the hour, so many API instances enqueue it once. */
export function scheduleMaintenance(jobs: Jobs, log: LogError): () => void {
  const enqueue = () => {
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    void jobs
      .enqueue("maintenance", { before: new Date().toISOString() }, { jobId: `purge-expired-tokens-${hour.getTime()}` })
      .catch((error: Error) => log(`maintenance not enqueued: ${error.message}`));
  };
  enqueue();
  const timer = setInterval(enqueue, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
