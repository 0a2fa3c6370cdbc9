import { existsSync } from "node:fs";
import { Redis } from "ioredis";
import postgres from "postgres";

export interface TestServices {
  /** Admin connection URL of a real Postgres, or null to run on PGlite. */
  postgresUrl: string | null;
  /** Name of the migrated template database each test file clones. */
  templateDb: string | null;
  redisUrl: string | null;
  chromiumPath: string | null;
  /** Why a service is missing, for skip reasons. */
  missing: Record<string, string>;
}

declare module "vitest" {
  export interface ProvidedContext {
    services: TestServices;
  }
}

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

export async function postgresReachable(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  return candidates.find((path): path is string => !!path && existsSync(path)) ?? null;
}

export function dockerAvailable(): boolean {
  return existsSync("/var/run/docker.sock") || !!process.env.DOCKER_HOST;
}
