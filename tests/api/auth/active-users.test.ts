import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../../server/app";
import { openDatabase } from "../../../server/db/client";
import { createRuntime, type Runtime } from "../../../server/runtime";
import { PROCESSORS } from "../../../workers/registry";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";

const { redisUrl, postgresUrl, missing } = inject("services");
const reason = missing.redis ?? missing.postgres ?? "";

let first: TestApp | null = null;
let secondRuntime: Runtime | null = null;
afterAll(async () => {
  await secondRuntime?.close();
  await first?.close();
});

describe("the user behind a token, across API instances", () => {
  it.skipIf(!redisUrl || !postgresUrl)(
    `a user deactivated through one instance is refused by another within a second ${reason}`,
    async () => {
      first = await createTestApp({ redis: true });
      secondRuntime = await createRuntime(first.config, PROCESSORS, {
        database: await openDatabase({ url: first.databaseUrl!, poolSize: 2 }),
        relayIntervalMs: 50,
      });
      const second = await buildApp({ ...secondRuntime, logger: false });
      const seller = await signIn(first, "Vendedor");
      const onSecond = new ApiClient(second, seller.access);
      // The second instance has just looked the user up and keeps it for its requests.
      expect((await onSecond.get("/api/me/")).statusCode).toBe(200);

      const admin = await signIn(first, "Admin");
      expect((await admin.client.post("/api/admin/users/deactivate/", { user_id: seller.id })).statusCode).toBe(200);
      expect((await seller.client.get("/api/me/")).statusCode).toBe(401);
      const started = Date.now();
      while ((await onSecond.get("/api/me/")).statusCode === 200) await new Promise((r) => setTimeout(r, 20));
      // The deactivation's event reached it: sooner than the lookup it kept would expire.
      expect(Date.now() - started).toBeLessThan(1_000);
      await second.close();
    },
  );
});
