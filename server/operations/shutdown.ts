/**
 * Runs `stop` once, on the first SIGTERM or SIGINT, then exits 0, or 1 if stopping failed.
 * A second signal while stopping changes nothing: the database is closed before the exit.
 */
export function onShutdownSignal(
  stop: (signal: NodeJS.Signals) => Promise<void>,
  log: (message: string) => void = console.log,
) {
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return log(`${signal}: already closing`);
    stopping = true;
    log(`${signal}: closing`);
    try {
      await stop(signal);
    } catch (error) {
      console.error("shutdown failed:", error);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on("SIGTERM", (signal) => void shutdown(signal));
  process.on("SIGINT", (signal) => void shutdown(signal));
}
