import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { TEST_JWT_SECRET } from "../helpers/app";
import { createClient, createProduct } from "../helpers/catalog";
import { openTestDatabase } from "../helpers/database";
import { OPERATOR } from "../helpers/embedded-server";
import { HttpApi } from "../helpers/http-api";
import { placeOrder } from "../helpers/orders";
import { startServer } from "../helpers/server-process";
import { openSocket } from "../helpers/socket";

const { redisUrl, missing } = inject("services");
const reason = missing.postgres ?? missing.redis ?? "";
/** Process start-up on a loaded machine: generous, never a measure. */
const PROCESS_TIMEOUT_MS = 180_000;
const SELLERS = 4;
const SOCKETS = 3;
/** The signal falls after this many answered orders, wherever the stream is then. */
const SIGNAL_AFTER = 40;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => void (await Promise.allSettled(cleanups.map((cleanup) => cleanup()))));

interface Sent {
  beforeSignal: boolean;
  status: number | null;
  orderId: number | null;
  error: string | null;
}

describe("SIGTERM", () => {
  it.skipIf(!!reason)(
    `during a stream of orders: every order sent before it is answered and saved, websockets close with 1001, exit 0 ${reason}`,
    async () => {
      const database = await openTestDatabase();
      await database.handle.close();
      const dataDir = mkdtempSync(join(tmpdir(), "frio-shutdown-"));
      cleanups.push(
        () => database.drop(),
        async () => rmSync(dataDir, { recursive: true, force: true }),
      );
      const server = await startServer({
        DATABASE_URL: database.url!,
        REDIS_URL: redisUrl!,
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        ADMIN_USERNAME: OPERATOR.username,
        ADMIN_PASSWORD: OPERATOR.password,
      });
      cleanups.unshift(async () => server.child.kill("SIGKILL"));

      const sellers = await Promise.all(
        Array.from({ length: SELLERS }, () => HttpApi.signIn(server.url, OPERATOR.username, OPERATOR.password)),
      );
      cleanups.push(() => Promise.all(sellers.map((seller) => seller.close())));
      const { id: clientId } = await createClient(sellers[0]!);
      const productId = (await createProduct(sellers[0]!, { quantity: 1_000_000 })).PK_Products;
      const sockets = await Promise.all(
        Array.from({ length: SOCKETS }, () => openSocket(server.url, { token: sellers[0]!.access! })),
      );
      await Promise.all(sockets.map((socket) => socket.waitFor((m) => m.type === "ready")));

      let signalled = false;
      const sent: Sent[] = [];
      const lane = async (seller: HttpApi) => {
        for (;;) {
          const request: Sent = { beforeSignal: !signalled, status: null, orderId: null, error: null };
          sent.push(request);
          try {
            const answer = await placeOrder(seller, clientId, [{ productId, units: "1", type: "KG" }]);
            request.status = answer.statusCode;
            if (answer.statusCode === 200) request.orderId = Number(answer.json().order_id);
          } catch (error) {
            request.error = (error as Error).message;
            // The server stopped accepting: this seller's next order would go to another instance.
            if (signalled) return;
          }
          if (signalled && request.status !== 200) return;
        }
      };
      const stream = Promise.all(sellers.map(lane));
      while (sent.filter((r) => r.status !== null).length < SIGNAL_AFTER)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const signalledAt = Date.now();
      signalled = true;
      server.child.kill("SIGTERM");

      const code = await server.exited;
      console.log(
        `exited ${code} ${Date.now() - signalledAt} ms after SIGTERM; ${sent.length} orders sent, ${sent.filter((r) => r.beforeSignal).length} before the signal`,
      );
      await stream;
      expect(code).toBe(0);
      const before = sent.filter((r) => r.beforeSignal);
      expect(before.filter((r) => r.status !== 200)).toEqual([]);
      expect(await Promise.all(sockets.map((socket) => socket.closed))).toEqual(Array(SOCKETS).fill(1001));

      const saved = sent.flatMap((r) => (r.orderId === null ? [] : [r.orderId]));
      const sql = postgres(database.url!, { max: 1, onnotice: () => {} });
      const [row] = await sql`select count(*)::int as n from orders where id = any(${saved})`;
      await sql.end();
      expect(row!.n).toBe(saved.length);
    },
    PROCESS_TIMEOUT_MS,
  );
});
