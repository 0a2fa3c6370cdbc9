/**
 * Creates a new embedded database at the path given, then exits: started by the server on a
 * new data directory so that initdb's memory is never the server's (server/db/pglite.ts).
 *
 *   node dist/server/cli/create-database.js DATA_DIR/pglite
 */
import { newPglite } from "../db/pglite";

const [path] = process.argv.slice(2);
if (!path) {
  console.error("usage: create-database PATH");
  process.exit(2);
}
const client = newPglite(path);
await client.waitReady;
await client.close();
