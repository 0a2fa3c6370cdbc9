import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { z } from "zod";
import { registerFeatureRoutes, registerLiveSocket } from "./api-routes";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { Database } from "./db/types";
import { createActiveUsers } from "./features/auth/active-users";
import { findActiveSession } from "./features/auth/repository";
import type { BackupsService } from "./features/backups/service";
import type { Jobs } from "./jobs/types";
import type { Metrics } from "./operations/metrics";
import { WEB_DIST } from "./paths";
import { registerApiDocs } from "./plugins/api-docs";
import authPlugin from "./plugins/auth";
import connections from "./plugins/connections";
import csrfPlugin from "./plugins/csrf";
import { serializeError } from "./plugins/error-log";
import { registerErrorHandler } from "./plugins/errors";
import jsonBody from "./plugins/json-body";
import { MeasuredRequests, metricsRoutes } from "./plugins/metrics";
import { bufferedLogDestination, logsInfo, OneLinePerRequest, requestLogger } from "./plugins/request-log";
import { responseSerializer } from "./plugins/response-serializer";
import securityHeaders from "./plugins/security-headers";
import webPlugin from "./plugins/web";
import type { Bus } from "./realtime/bus";
import { createServices } from "./services";

z.config(z.locales.es());

const BODY_LIMIT_BYTES = 1024 * 1024;
/** Fastify types these factories as ajv's and fast-json-stringify's; ours hand back the zod compilers. */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => responseSerializer,
} as unknown as NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"];

/** close() lets in-flight requests and closing websockets this long before it cuts them. */
const CLOSE_DEADLINE_MS = 10_000;

/** N proxies in front: the N nearest X-Forwarded-For entries are theirs, the next is the client. */
const hops = (count: number) => (_address: string, hop: number) => hop < count;

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  bus: Bus;
  jobs: Jobs;
  /** Shared rate-limit store across API instances in production. */
  redis?: Redis;
  backups: BackupsService;
  /** This process's metrics, when METRICS_TOKEN is set: requests are timed and /metrics answers. */
  metrics?: Metrics;
  logger?: boolean;
  /** A file for the log lines instead of stdout (the benchmarks keep the level and name /dev/null). */
  logFile?: string;
  /** The built web to serve, web/dist unless said (a test serves a copy it changes as a new build would). */
  webRoot?: string;
  /** CLOSE_DEADLINE_MS unless given (a test waits less). */
  closeDeadlineMs?: number;
}

type LogDestination = ReturnType<typeof bufferedLogDestination>;

/** The Fastify instance with its server options: logging, limits, timeouts, proxies, our zod compilers. */
function createFastify(deps: AppDeps, log: LogDestination | null) {
  const { config } = deps;
  const accessLines = log && logsInfo(config.logLevel) ? log.destination : null;
  const app = Fastify({
    logger: log ? { level: config.logLevel, stream: log.destination, serializers: { err: serializeError } } : false,
    // Without a logger Fastify gives requests no child at all, which a factory would undo.
    ...(log ? { childLoggerFactory: requestLogger } : {}),
    logController: deps.metrics ? new MeasuredRequests(accessLines, deps.metrics) : new OneLinePerRequest(accessLines),
    bodyLimit: BODY_LIMIT_BYTES,
    // While closing, a request already on an open connection is served (with Connection: close),
    // not refused with a 503: it was sent before the shutdown and may be an order.
    return503OnClosing: false,
    // Every schema is zod's: handing Fastify our compilers up front keeps it from loading ajv and
    // fast-json-stringify for its defaults, a tenth of a start's CPU (bench/restart).
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // Off unless configured: with no proxy in front, X-Forwarded-For is whatever a client sends.
    trustProxy: typeof config.trustProxy === "number" ? hops(config.trustProxy) : config.trustProxy,
    // A client trickling a body or headers byte by byte must not hold a connection for minutes.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      // Node checks those timeouts on this tick (30 s by default, which would double them).
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs / 2),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  return app;
}

/** Who is signed in, kept per process; what ends a session here or on another API instance reaches all of them. */
function trackSessions(app: FastifyInstance, db: Database, bus: Bus) {
  const activeUsers = createActiveUsers((id, sessionId) => findActiveSession(db, id, sessionId));
  // A user deactivated, or sessions ended, through another API instance stop answering here too.
  bus.subscribe(
    (event) =>
      (event.type === "user.deactivated" || event.type === "session.ended") &&
      activeUsers.forget(Number(event.data.user_id)),
  );
  return {
    loadUser: activeUsers.get,
    forget: activeUsers.forget,
    /** Ended sessions (null: all of the user's) are refused here at once, elsewhere on their event. */
    end(userId: number, sessionIds: string[] | null) {
      activeUsers.forget(userId);
      void bus
        .publish({
          id: null,
          type: "session.ended",
          at: new Date().toISOString(),
          actor: userId,
          data: { user_id: userId, session_ids: sessionIds },
        })
        .catch((error: Error) => app.log.error(`session.ended not published: ${error.message}`));
    },
  };
}

/** Headers, the web, the API docs, cookies, rate limits, auth, CSRF, JSON bodies: in this order, before the routes. */
async function registerPlugins(
  app: FastifyInstance,
  deps: AppDeps,
  loadUser: ReturnType<typeof trackSessions>["loadUser"],
) {
  const { config } = deps;
  await app.register(securityHeaders, {
    mapStyleUrl: config.mapStyleUrl,
    mapExtraOrigins: config.mapExtraOrigins,
    captchaScriptUrl: config.recaptchaSecret ? config.recaptchaScriptUrl : undefined,
  });
  await app.register(webPlugin, { root: deps.webRoot ?? (existsSync(WEB_DIST) ? WEB_DIST : null) });
  // After the web plugin, whose compression wraps the routes declared after it; before the routes.
  await registerApiDocs(app, { signInRequired: config.mode === "production" });
  // Its parser and serializer only: the CSRF plugin reads and sets its one cookie itself.
  await app.register(fastifyCookie, { hook: false });
  // skipOnError: a Redis outage must not lock everyone out of logging in.
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(deps.redis ? { redis: deps.redis } : {}),
  });
  await app.register(authPlugin, { secret: config.jwtSecret, loadUser });
  await app.register(csrfPlugin);
  await app.register(jsonBody);
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, bus, jobs } = deps;
  const { db } = database;
  const log = deps.logger === false ? null : bufferedLogDestination(deps.logFile);
  const app = createFastify(deps, log);
  registerErrorHandler(app);
  await app.register(connections, { closeDeadlineMs: deps.closeDeadlineMs ?? CLOSE_DEADLINE_MS });
  if (log) app.addHook("onClose", async () => log.close());

  const uploadsDir = join(config.dataDir, "uploads");
  const sessions = trackSessions(app, db, bus);
  await registerPlugins(app, deps, sessions.loadUser);
  const services = createServices(app, { ...deps, uploadsDir, sessions });

  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin; Biome reads register() as taking a callback
    async (api) => {
      await registerFeatureRoutes(api, services, {
        checks: { database: database.ping, bus: bus.healthy, queue: jobs.healthy, mode: config.mode },
        uploadsDir,
      });
      await registerLiveSocket(api, {
        upgrades: app.websocketUpgrades as unknown as Server,
        hub: { db, bus, loadUser: sessions.loadUser, verifyToken: app.verifyAccessToken },
        metrics: deps.metrics,
      });
    },
    { prefix: "/api" },
  );
  // Beside the API, not under /api: the public proxy does not forward it (deploy/Caddyfile).
  await app.register(metricsRoutes, { metrics: deps.metrics, token: config.metricsToken });

  return app;
}
