import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig, type Config } from "../../server/config";
import { createRuntime, type Runtime } from "../../server/runtime";
import { PROCESSORS } from "../../workers/registry";
import { openDatabase } from "../../server/db/client";
import { openTestDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  databaseUrl: string | null;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";

/** The real app on a private database; with `redis`, the production bus and queues. */
export async function createTestApp(
  /** embedded: PGlite, as `npm start` runs, even where Postgres is available. */
  options: {
    redis?: boolean;
    redisUrl?: string;
    env?: Record<string, string>;
    embedded?: boolean;
    logFile?: string;
    closeDeadlineMs?: number;
    /** The built web to serve instead of web/dist. */
    webRoot?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "frio-test-"));
  const database = await openTestDatabase({ embedded: options.embedded });
  const redisUrl = options.redisUrl ?? inject("services").redisUrl;
  const useRedis = (options.redis || options.redisUrl) && redisUrl && database.url;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: options.logFile ? "info" : "silent",
    // Tests never reach the public map services; those that need a map run fake ones.
    MAP_STYLE_URL: "off",
    GEOCODER_URL: "off",
    ...(useRedis ? { DATABASE_URL: database.url!, REDIS_URL: redisUrl! } : {}),
    ...options.env,
  });
  const runtime = await createRuntime(config, PROCESSORS, { database: database.handle, relayIntervalMs: 50 });
  const app = await buildApp({
    ...runtime,
    closeDeadlineMs: options.closeDeadlineMs,
    webRoot: options.webRoot,
    ...(options.logFile ? { logFile: options.logFile } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    runtime,
    config,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await runtime.close().catch(() => {});
      await database.drop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const CSRF = "test-csrf-token";

/** An HTTP client for one user, as the web sends requests: bearer token and CSRF pair. */
export class ApiClient {
  constructor(
    private readonly app: FastifyInstance,
    public access: string | null = null,
  ) {}

  request(
    method: InjectOptions["method"],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method,
      url,
      payload: payload as InjectOptions["payload"],
      headers: {
        ...(this.access ? { authorization: `Bearer ${this.access}` } : {}),
        cookie: `csrftoken=${CSRF}`,
        "x-csrftoken": CSRF,
        ...headers,
      },
    });
  }

  get(url: string) {
    return this.request("GET", url);
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request("POST", url, payload ?? {}, headers);
  }

  put(url: string, payload?: unknown) {
    return this.request("PUT", url, payload ?? {});
  }
}

/** Another API instance on the same database and Redis, as a second production process would be. */
export async function createSecondInstance(first: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const runtime = await createRuntime(first.config, PROCESSORS, {
    database: await openDatabase({ url: first.databaseUrl!, poolSize: 4 }),
    relayIntervalMs: 50,
  });
  const app = await buildApp({ ...runtime, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await runtime.close().catch(() => {});
    },
  };
}
