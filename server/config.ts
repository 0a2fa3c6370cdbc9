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

/**
 * Whose X-Forwarded-For counts: off (the default: the socket's address is the client's), a
 * number of proxy hops in front of the app, or a list of proxy addresses/CIDRs.
 */
const trustProxy = optionalText.transform((value, ctx): TrustProxy => {
  if (value === undefined || /^(false|off|no|0)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (!list.length || list.some((v) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(v))) {
    ctx.addIssue({
      code: "custom",
      message: "must be off, a hop count, or a comma-separated list of proxy addresses (CIDR allowed)",
    });
    return z.NEVER;
  }
  return list;
});

const originList = optionalText.transform((value, ctx) => {
  const origins = (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!URL.canParse(origin)) ctx.addIssue({ code: "custom", message: `not a URL: ${origin}` });
  }
  return origins.map((origin) => (URL.canParse(origin) ? new URL(origin).origin : origin));
});

type TrustProxy = false | number | string[];

/** OpenFreeMap's key-free OpenStreetMap style: its tiles, glyphs and sprites share its origin. */
const DEFAULT_MAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";
/** The public Nominatim, used within its policy (identifying User-Agent, one request a second, cached). */
const DEFAULT_GEOCODER_URL = "https://nominatim.openstreetmap.org/";

/** A URL with a public default; `off` switches the service off for an offline site. */
const switchableUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v))
    .pipe(z.union([z.literal("off").transform(() => undefined), z.url()]));

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
    MAP_STYLE_URL: switchableUrl(DEFAULT_MAP_STYLE_URL),
    GEOCODER_URL: switchableUrl(DEFAULT_GEOCODER_URL),
    MAP_API_KEY: optionalText,
    DEPLOY_COMMAND: optionalText,
    RECAPTCHA_SECRET: optionalText,
    RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
    RECAPTCHA_SITE_KEY: optionalText,
    RECAPTCHA_SCRIPT_URL: z.url().default("https://www.google.com/recaptcha/api.js"),
    DEPOT_LAT: z.coerce.number().min(-90).max(90).default(-34.7206),
    DEPOT_LNG: z.coerce.number().min(-180).max(180).default(-58.2546),
    TRUST_PROXY: trustProxy,
    MAP_EXTRA_ORIGINS: originList,
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
    EXPORT_QUOTA_MB: z.coerce.number().positive().max(1_000_000).default(500),
    EXPORT_STALL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    PENDING_REQUESTS_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
    BACKUP_DIR: optionalText,
    BACKUP_EVERY_MINUTES: z.coerce.number().positive().max(525_600).default(1440),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .refine((env) => !!env.DATABASE_URL === !!env.REDIS_URL, {
    message: "DATABASE_URL and REDIS_URL go together: set both for production mode, or neither for embedded mode",
    path: ["REDIS_URL"],
  })
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    message: "must not exceed REQUEST_TIMEOUT_MS",
    path: ["HEADERS_TIMEOUT_MS"],
  })
  .refine((env) => !!env.RECAPTCHA_SECRET === !!env.RECAPTCHA_SITE_KEY, {
    message: "RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY go together: the page shows the widget the server checks",
    path: ["RECAPTCHA_SITE_KEY"],
  })
  .refine((env) => !!env.ADMIN_USERNAME === !!env.ADMIN_PASSWORD, {
    message: "ADMIN_USERNAME and ADMIN_PASSWORD go together",
    path: ["ADMIN_PASSWORD"],
  });

type RunMode = "embedded" | "production";

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
  /** MAP_API_KEY: the map provider's key, answered by GET /api/google-maps-key/ for older clients. */
  mapApiKey?: string;
  deployCommand?: string;
  recaptchaSecret?: string;
  recaptchaVerifyUrl: string;
  /** Public half of the reCAPTCHA pair: the widget on /register-request needs it. */
  recaptchaSiteKey?: string;
  /** Where the browser loads reCAPTCHA's script from (Google's, unless a test stands in). */
  recaptchaScriptUrl: string;
  depot: { lat: number; lng: number };
  logLevel: string;
  /** Prefix of this deployment's channels and queues on a Redis server that others may share. */
  redisNamespace: string;
  trustProxy: TrustProxy;
  /** Origins the browser's map may reach besides MAP_STYLE_URL's (tiles, glyphs, sprites). */
  mapExtraOrigins: string[];
  /** Whole request (headers and body) must arrive within this; headers alone within the other. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** Disk kept for export files, all together. */
  exportQuotaBytes: number;
  /** A download whose reader takes nothing for this long is ended and its export slot freed. */
  exportStallMs: number;
  /** Registration requests waiting for an Admin, from every address together. */
  pendingRequestsMax: number;
  /** Scheduled backups, when BACKUP_DIR is set: written by the app (embedded) or the workers. */
  backups?: { dir: string; everyMinutes: number; keep: number };
  /** GET /metrics answers only with this bearer token; absent, there is no /metrics. */
  metricsToken?: string;
  /** Where the worker process serves its own /metrics (it has no other HTTP server). */
  metricsPort: number;
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
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    mapStyleUrl: e.MAP_STYLE_URL,
    geocoderUrl: e.GEOCODER_URL,
    mapApiKey: e.MAP_API_KEY,
    deployCommand: e.DEPLOY_COMMAND,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    recaptchaScriptUrl: e.RECAPTCHA_SCRIPT_URL,
    depot: { lat: e.DEPOT_LAT, lng: e.DEPOT_LNG },
    logLevel: e.LOG_LEVEL,
    redisNamespace: redisNamespaceOf(e.DATABASE_URL),
    trustProxy: e.TRUST_PROXY,
    mapExtraOrigins: e.MAP_EXTRA_ORIGINS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    exportQuotaBytes: Math.round(e.EXPORT_QUOTA_MB * 1024 * 1024),
    exportStallMs: e.EXPORT_STALL_MS,
    pendingRequestsMax: e.PENDING_REQUESTS_MAX,
    backups: e.BACKUP_DIR
      ? { dir: resolve(e.BACKUP_DIR), everyMinutes: e.BACKUP_EVERY_MINUTES, keep: e.BACKUP_KEEP }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
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
