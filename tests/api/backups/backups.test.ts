import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";

const { redisUrl, postgresUrl } = inject("services");

/** What the first bytes of each mode's backup are: a tar opening with its manifest, or pg_dump's custom format. */
const SIGNATURE = { embedded: "frio-backup.json", production: "PGDMP" };

describe.each([
  { mode: "embedded" as const, options: { embedded: true }, reason: "" },
  {
    mode: "production" as const,
    options: { redis: true },
    reason: !redisUrl || !postgresUrl ? "needs Postgres and Redis" : "",
  },
])("backups in $mode mode", ({ mode, options, reason }) => {
  let t: TestApp;
  let admin: ApiClient;
  beforeAll(async () => {
    if (reason) return;
    t = await createTestApp(options);
    admin = (await signIn(t, "Admin")).client;
  });
  afterAll(() => t?.close());

  it.skipIf(!!reason)(
    `an Admin downloads a fresh backup, which /settings then shows as the last one ${reason}`,
    async () => {
      expect((await admin.get("/api/backups/")).json()).toEqual({ mode, last: null, failure: null, schedule: null });

      const download = await admin.get("/api/backups/download/");
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-disposition"]).toMatch(
        new RegExp(`^attachment; filename="frio-\\d{8}-\\d{6}\\.${mode === "embedded" ? "tar" : "dump"}"$`),
      );
      expect(download.rawPayload.subarray(0, SIGNATURE[mode].length).toString()).toBe(SIGNATURE[mode]);

      const status = (await admin.get("/api/backups/")).json();
      expect(status.last).toMatchObject({ trigger: "download", bytes: download.rawPayload.length });
      expect(status.failure).toBeNull();
    },
  );

  // Production only: its failure is pg_dump missing from PATH (embedded backs up in-process).
  if (mode === "production")
    it.skipIf(!!reason)(
      `a backup that fails answers 503 in Spanish and stays on /settings until one works ${reason}`,
      async () => {
        const path = process.env.PATH;
        process.env.PATH = "/nonexistent";
        const failed = await admin.get("/api/backups/download/").finally(() => (process.env.PATH = path));
        expect(failed.statusCode).toBe(503);
        expect(failed.json().detail).toBe("No se pudo generar la copia de seguridad.");
        const status = (await admin.get("/api/backups/")).json();
        expect(status.failure).toMatchObject({
          trigger: "download",
          message: expect.stringContaining("pg_dump is not installed"),
        });

        expect((await admin.get("/api/backups/download/")).statusCode).toBe(200);
        expect((await admin.get("/api/backups/")).json().failure).toBeNull();
      },
    );
});
