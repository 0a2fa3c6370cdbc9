import { chmod, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import { join } from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BackupsService } from "./service";

/**
 * `npm run backup` reaches the running embedded app through a Unix socket in its data
 * directory (only the data directory's owner may connect: they may read the data anyway).
 * The app writes the backup, so nothing but the app ever opens the database while it runs.
 */
const controlSocketPath = (dataDir: string) => join(dataDir, "frio.sock");

/** Serves `GET /backup` on the control socket; the data directory's lock is already held, so a socket file left there is stale. */
export async function serveControlSocket(
  dataDir: string,
  backups: BackupsService,
  log: (message: string) => void,
): Promise<Server> {
  const path = controlSocketPath(dataDir);
  await rm(path, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/backup") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/octet-stream" });
    backups.write(res, "command").catch((error: Error) => {
      log(`backup through the control socket failed: ${error.message}`);
      res.destroy(error);
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(path, resolve));
  await chmod(path, 0o600);
  return server;
}

/**
 * Asks the app running on `dataDir` for a backup and writes it to `out`. Rejects when the
 * app does not answer or the backup was cut (the file is then incomplete: the caller removes it).
 */
export function backupThroughApp(dataDir: string, out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocketPath(dataDir), path: "/backup", method: "GET" }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`the app answered ${res.statusCode}`));
      pipeline(res, out).then(resolve, reject);
    });
    req.once("error", reject);
    req.end();
  });
}
