import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const optionalUrl = optionalText.pipe(z.url().optional());

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    JWT_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    MAP_STYLE_URL: optionalUrl,
    GEOCODER_URL: optionalUrl,
    DEPLOY_COMMAND: optionalText,
    RECAPTCHA_SECRET: optionalText,
    RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
    DEPOT_LAT: z.coerce.number().min(-90).max(90).default(-34.7206),
    DEPOT_LNG: z.coerce.number().min(-180).max(180).default(-58.2546),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .refine((env) => !!env.DATABASE_URL === !!env.REDIS_URL, {
    message: "DATABASE_URL and REDIS_URL go together: set both for production mode, or neither for embedded mode",
    path: ["REDIS_URL"],
  })
  .refine((env) => !!env.ADMIN_USERNAME === !!env.ADMIN_PASSWORD, {
    message: "ADMIN_USERNAME and ADMIN_PASSWORD go together",
    path: ["ADMIN_PASSWORD"],
  });

export type RunMode = "embedded" | "production";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mode: RunMode;
  databaseUrl?: string;
  redisUrl?: string;
  jwtSecret: string;
  admin?: { username: string; password: string };
  mapStyleUrl?: string;
  geocoderUrl?: string;
  deployCommand?: string;
  recaptchaSecret?: string;
  recaptchaVerifyUrl: string;
  depot: { lat: number; lng: number };
  logLevel: string;
  /** Prefix of this deployment's channels and queues on a Redis server that others may share. */
  redisNamespace: string;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the app with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mode: e.DATABASE_URL ? "production" : "embedded",
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    mapStyleUrl: e.MAP_STYLE_URL,
    geocoderUrl: e.GEOCODER_URL,
    deployCommand: e.DEPLOY_COMMAND,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    depot: { lat: e.DEPOT_LAT, lng: e.DEPOT_LNG },
    logLevel: e.LOG_LEVEL,
    redisNamespace: redisNamespaceOf(e.DATABASE_URL),
  };
}

/** One deployment is one database: its name keeps two deployments on one Redis server apart. */
export function redisNamespaceOf(databaseUrl: string | null | undefined): string {
  return `frio:${databaseUrl ? new URL(databaseUrl).pathname.slice(1) || "postgres" : "embedded"}`;
}

/** Generated once and kept in DATA_DIR, so tokens survive restarts without configuration. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
