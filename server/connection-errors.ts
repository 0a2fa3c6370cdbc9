import type { EventEmitter } from "node:events";

export type LogError = (message: string) => void;

/** How long the same error stays quiet once logged. */
const REPEAT_AFTER_MS = 60_000;

/** Errors to stderr with a prefix, unless the configured log level is silent. */
export const consoleErrors =
  (logLevel: string, prefix: string): LogError =>
  (message) => {
    if (logLevel !== "silent") console.error(`[${prefix}] ${message}`);
  };

/**
 * Logs the errors a connection emits (an EventEmitter without an error listener would crash
 * the process). A client retrying an unreachable Redis emits the same error on every attempt:
 * it is logged once a minute, at once when it changes or after the connection was ready again.
 */
export function logConnectionErrors(connection: EventEmitter, name: string, log: LogError) {
  let last = "";
  let loggedAt = 0;
  connection.on("error", (error: Error) => {
    const now = Date.now();
    if (error.message === last && now - loggedAt < REPEAT_AFTER_MS) return;
    last = error.message;
    loggedAt = now;
    log(`${name}: ${error.message}`);
  });
  connection.on("ready", () => {
    last = "";
  });
}
