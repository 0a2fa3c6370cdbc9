import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TEST_JWT_SECRET } from "./app";
import { createClient, createProduct } from "./catalog";
import { HttpApi } from "./http-api";
import { placeOrder, stockOf } from "./orders";

/** The Admin every test server is started with (created or reset at each start). */
export const OPERATOR = { username: "operador", password: "clave-del-operador-1" };

/** The environment of `npm start` on `dataDir` (embedded: no DATABASE_URL). */
export const embeddedEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  JWT_SECRET: TEST_JWT_SECRET,
  ADMIN_USERNAME: OPERATOR.username,
  ADMIN_PASSWORD: OPERATOR.password,
});

/** Who holds the data directory's lock, if anyone. */
export function lockHolder(dataDir: string): number | null {
  const file = join(dataDir, "frio.lock");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { pid: number }).pid : null;
}

/** pg_control's state (after the system id and two versions): 1 shut down cleanly, 6 in production (not closed). */
export function embeddedDatabaseState(dataDir: string): "shut down" | "open" | number {
  const state = readFileSync(join(dataDir, "pglite", "global", "pg_control")).readUInt32LE(16);
  return state === 1 ? "shut down" : state === 6 ? "open" : state;
}

export interface Ledger {
  orderId: number;
  productId: number;
  stock: string;
}

/** An order written through the API, and its product's stock after it: what a restore or restart must keep. */
export async function writeLedger(base: string): Promise<Ledger> {
  const api = await HttpApi.signIn(base, OPERATOR.username, OPERATOR.password);
  const { id: clientId } = await createClient(api);
  const productId = (await createProduct(api, { quantity: 40 })).PK_Products;
  const answer = await placeOrder(api, clientId, [{ productId, units: "3", type: "KG" }]);
  if (answer.statusCode !== 200) throw new Error(`order: ${answer.statusCode} ${answer.body}`);
  const ledger = { orderId: Number(answer.json().order_id), productId, stock: await stockOf(api, productId) };
  await api.close();
  return ledger;
}

/** The same ledger read back: the order's status and total, and the product's stock. */
export async function readLedger(base: string, ledger: Ledger) {
  const api = await HttpApi.signIn(base, OPERATOR.username, OPERATOR.password);
  const order = await api.get(`/api/orders/${ledger.orderId}/`);
  const read = {
    order: order.statusCode === 200 ? order.json() : order.statusCode,
    stock: await stockOf(api, ledger.productId),
  };
  await api.close();
  return read;
}
