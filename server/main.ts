import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { buildApp } from "./app";
import { bootstrap } from "./bootstrap";
import { ConfigError, loadConfig, type Config } from "./config";
import { createRuntime } from "./runtime";
import { scheduleMaintenance } from "./jobs/schedule";

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
const freshDataDir = config.mode === "embedded" && !existsSync(join(config.dataDir, "pglite"));
const runtime = await createRuntime(config);
const { generatedCredentials } = await bootstrap(config, runtime.database, { freshDataDir });
const app = await buildApp(runtime);
const stopMaintenance = scheduleMaintenance(runtime.jobs);

await app.listen({ port: config.port, host: config.host });
// The port actually bound: PORT=0 asks the system for a free one.
const { port } = app.server.address() as AddressInfo;
console.log(`Frío (${config.mode}) escuchando en http://localhost:${port}`);
if (generatedCredentials.length) {
  console.log("\nUsuarios creados (las contraseñas se muestran solo esta vez):");
  for (const c of generatedCredentials) console.log(`  ${c.group.padEnd(12)} ${c.username.padEnd(12)} ${c.password}`);
  console.log("");
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  stopMaintenance();
  await app.close();
  await runtime.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
