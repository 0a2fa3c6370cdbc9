import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { buildApp } from "./app";
import { bootstrap } from "./bootstrap";
import { ConfigError, loadConfig, type Config } from "./config";
import { serveControlSocket } from "./features/backups/control-socket";
import { scheduleMaintenance } from "./jobs/schedule";
import { DataDirLocked, lockDataDir } from "./operations/data-dir-lock";
import { keepPrivate } from "./operations/private-files";
import { onShutdownSignal } from "./operations/shutdown";
import { createRuntime } from "./runtime";
import { PROCESSORS } from "../workers/registry";

/** A start that cannot go on (a bad setting, a data directory in use) ends with its message. */
function cannotStart(error: unknown): never {
  if (!(error instanceof ConfigError || error instanceof DataDirLocked)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** A data directory whose path is too long for a socket: the app runs, `npm run backup` needs it stopped. */
function noControlSocket(error: Error) {
  console.warn(
    `No control socket (${error.message}): npm run backup works with the app stopped, or download a backup from /settings.`,
  );
  return null;
}

const config: Config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return cannotStart(error);
  }
})();
// The data directory is its user's alone, the lock file included.
keepPrivate(config.dataDir);
// Before anything opens the embedded database: a second process on the data directory ends here.
const lock = config.mode === "embedded" ? await lockDataDir(config.dataDir).catch(cannotStart) : null;
const freshDataDir = config.mode === "embedded" && !existsSync(join(config.dataDir, "pglite"));
const runtime = await createRuntime(config, PROCESSORS);
// A new embedded database was unpacked with its archive's open modes.
if (config.mode === "embedded") keepPrivate(config.dataDir);
const { generatedCredentials } = await bootstrap(config, runtime.database, { freshDataDir });
const app = await buildApp(runtime);
const stopMaintenance = scheduleMaintenance(runtime.jobs, (message) => app.log.error(message));
// `npm run backup` asks the running embedded app, the only process that may open its database.
const control =
  config.mode === "embedded"
    ? await serveControlSocket(config.dataDir, runtime.backups, (message) => app.log.error(message)).catch(
        noControlSocket,
      )
    : null;

await app.listen({ port: config.port, host: config.host });
// The port actually bound: PORT=0 asks the system for a free one.
const { port } = app.server.address() as AddressInfo;
console.log(`Frío (${config.mode}) escuchando en http://localhost:${port}`);
if (generatedCredentials.length) {
  console.log("\nUsuarios creados (las contraseñas se muestran solo esta vez):");
  for (const c of generatedCredentials) console.log(`  ${c.group.padEnd(12)} ${c.username.padEnd(12)} ${c.password}`);
  console.log("");
}

onShutdownSignal(
  async () => {
    stopMaintenance();
    control?.close();
    // Stops accepting, answers the requests in flight and closes websockets with 1001 (cut after 10 s).
    await app.close();
    // Then the sweeper and the relay end their cycle (their cursors are committed with it), and the database closes.
    await runtime.close();
    lock?.release();
  },
  (message) => app.log.info(message),
);
