import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { Config } from "./config";
import { registerApiDocs } from "./plugins/api-docs";
import type { DatabaseHandle } from "./db/client";
import { createAltchaCheck, createRecaptchaCheck } from "./features/auth/captcha";
import { accountsRoutes } from "./features/accounts/routes";
import { lotsRoutes } from "./features/lots/routes";
import { createLotsService } from "./features/lots/service";
import { createAccountsService } from "./features/accounts/service";
import { auditRoutes } from "./features/audit/routes";
import { createAuditService } from "./features/audit/service";
import { createActiveUsers } from "./features/auth/active-users";
import { createLoginThrottle, memoryAttemptStore, redisAttemptStore } from "./features/auth/login-throttle";
import { findActiveSession } from "./features/auth/repository";
import { authRoutes } from "./features/auth/routes";
import { createAuthService } from "./features/auth/service";
import { claimsRoutes } from "./features/claims/routes";
import { createClaimsService } from "./features/claims/service";
import { clientsRoutes } from "./features/clients/routes";
import { createClientsService } from "./features/clients/service";
import { commissionsRoutes } from "./features/commissions/routes";
import { createCommissionsService } from "./features/commissions/service";
import { deployRoutes } from "./features/deploy/routes";
import { courierRoutes } from "./features/courier/routes";
import { createCourierService } from "./features/courier/service";
import { appliedTrips, createDayPlanService, dayPlanRoutes } from "./features/day-plan";
import { dispatchRoutes } from "./features/dispatch/routes";
import { createDispatchService } from "./features/dispatch/service";
import { createDeployService } from "./features/deploy/service";
import { backupsRoutes } from "./features/backups/routes";
import type { BackupsService } from "./features/backups/service";
import { exportsRoutes } from "./features/exports/routes";
import { createExportsService } from "./features/exports/service";
import { healthRoutes } from "./features/health/routes";
import { homeRoutes } from "./features/home/routes";
import { createHomeService } from "./features/home/service";
import { settingsRoutes } from "./features/settings/routes";
import { createSettingsService } from "./features/settings/service";
import { ordersRoutes } from "./features/orders/routes";
import { preparationRoutes } from "./features/preparation/routes";
import { createPreparationService } from "./features/preparation/service";
import { createOrdersService } from "./features/orders/service";
import { mapRoutes } from "./features/map/routes";
import { createMapService } from "./features/map/service";
import { productsRoutes } from "./features/products/routes";
import { createProductsService } from "./features/products/service";
import { usersRoutes } from "./features/users/routes";
import { virtualFreezerRoutes } from "./features/virtual-freezer/routes";
import { createVirtualFreezerService } from "./features/virtual-freezer/service";
import { createUsersService } from "./features/users/service";
import type { Jobs } from "./jobs/types";
import type { Metrics } from "./operations/metrics";
import { WEB_DIST } from "./paths";
import authPlugin from "./plugins/auth";
import connections from "./plugins/connections";
import csrfPlugin from "./plugins/csrf";
import jsonBody from "./plugins/json-body";
import securityHeaders from "./plugins/security-headers";
import webPlugin from "./plugins/web";
import { serializeError } from "./plugins/error-log";
import { registerErrorHandler } from "./plugins/errors";
import { bufferedLogDestination, logsInfo, OneLinePerRequest, requestLogger } from "./plugins/request-log";
import { MeasuredRequests, metricsRoutes } from "./plugins/metrics";
import { responseSerializer } from "./plugins/response-serializer";
import type { Bus } from "./realtime/bus";
import { onSocketError } from "./realtime/socket-errors";
import { registerHub } from "./realtime/hub";

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

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, bus, jobs } = deps;
  const { db } = database;
  const log = deps.logger === false ? null : bufferedLogDestination(deps.logFile);
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
  registerErrorHandler(app);
  await app.register(connections, { closeDeadlineMs: deps.closeDeadlineMs ?? CLOSE_DEADLINE_MS });
  if (log) app.addHook("onClose", async () => log.close());

  const uploadsDir = join(config.dataDir, "uploads");
  const imageUrl = (file: string) => `/api/media/profile/${file}`;
  const activeUsers = createActiveUsers((id, sessionId) => findActiveSession(db, id, sessionId));
  const loadUser = activeUsers.get;
  // A user deactivated, or sessions ended, through another API instance stop answering here too.
  bus.subscribe(
    (event) =>
      (event.type === "user.deactivated" || event.type === "session.ended") &&
      activeUsers.forget(Number(event.data.user_id)),
  );
  /** Ended sessions (null: all of the user's) are refused here at once, elsewhere on their event. */
  const endSessions = (userId: number, sessionIds: string[] | null) => {
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
  };

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

  const humanCheck = config.recaptchaSecret
    ? createRecaptchaCheck(config.recaptchaSecret, config.recaptchaVerifyUrl, {
        siteKey: config.recaptchaSiteKey!,
        scriptUrl: config.recaptchaScriptUrl,
      })
    : createAltchaCheck(config.jwtSecret);
  const auth = createAuthService({
    db,
    onSessionsEnded: endSessions,
    humanCheck,
    throttle: createLoginThrottle(
      deps.redis ? redisAttemptStore(deps.redis, config.redisNamespace) : memoryAttemptStore(),
      (error) => app.log.warn(`login throttle skipped: ${error.message}`),
    ),
    signAccess: (user, sid) => app.jwt.sign({ sub: String(user.id), grp: user.group, sid }),
    pendingRequestsMax: config.pendingRequestsMax,
  });
  const users = createUsersService({
    db,
    uploadsDir,
    onUserChanged: activeUsers.forget,
    onSessionsEnded: (userId) => endSessions(userId, null),
  });
  const clients = createClientsService({ db });
  const products = createProductsService({ db });
  const claims = createClaimsService({ db });
  const freezer = createVirtualFreezerService({ db });
  const map = createMapService(config);
  const orders = createOrdersService({ db });
  const preparation = createPreparationService({ db });
  const dispatch = createDispatchService({ db, orders, depot: config.depot });
  const courier = createCourierService({
    db,
    orders,
    uploadsDir,
    plannedTrips: (deliveryDate, column) => appliedTrips(db, deliveryDate, column),
  });
  const commissions = createCommissionsService({ db });
  const accounts = createAccountsService({ db });
  const exportsService = createExportsService({
    database,
    jobs,
    quotaBytes: config.exportQuotaBytes,
    stallMs: config.exportStallMs,
    log: app.log,
  });

  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin; Biome reads register() as taking a callback
    async (api) => {
      await api.register(healthRoutes, {
        checks: { database: database.ping, bus: bus.healthy, queue: jobs.healthy, mode: config.mode },
      });
      await api.register(authRoutes, { auth, humanCheck, imageUrl });
      await api.register(usersRoutes, { users, uploadsDir, imageUrl });
      await api.register(clientsRoutes, { clients });
      await api.register(productsRoutes, { products });
      await api.register(claimsRoutes, { claims });
      await api.register(virtualFreezerRoutes, { freezer });
      await api.register(mapRoutes, { map });
      await api.register(ordersRoutes, { orders });
      await api.register(preparationRoutes, { preparation });
      await api.register(dispatchRoutes, { dispatch });
      await api.register(courierRoutes, { courier });
      await api.register(dayPlanRoutes, {
        dayPlan: createDayPlanService({
          db,
          jobs,
          linkCourier: (actor, column, userId) => courier.link(actor, column, userId),
        }),
      });
      await api.register(commissionsRoutes, { commissions });
      await api.register(accountsRoutes, { accounts });
      await api.register(lotsRoutes, { lots: createLotsService({ db, copyText: database.copyText }) });
      await api.register(homeRoutes, { home: createHomeService({ db }) });
      await api.register(settingsRoutes, { settings: createSettingsService({ db }) });
      await api.register(exportsRoutes, { exports: exportsService });
      await api.register(backupsRoutes, { backups: deps.backups });
      await api.register(auditRoutes, { audit: createAuditService({ db }) });
      await api.register(deployRoutes, { deploy: createDeployService({ db, jobs, config }) });
      // The socket plugin's hooks run on every request of its scope: only the hub is in it.
      // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin; Biome reads register() as taking a callback
      await api.register(async (live) => {
        // Upgrades reach the plugin through the connections plugin, for websocket routes only.
        const server = app.websocketUpgrades as unknown as Server;
        await live.register(fastifyWebsocket, {
          options: { maxPayload: 64 * 1024, server },
          errorHandler: (error, socket, request) => onSocketError(error, socket, request),
          // At shutdown, 1001 (going away): screens reconnect at once, to another instance when there is one.
          preClose(done) {
            for (const socket of live.websocketServer.clients) socket.close(1001, "server closing");
            live.websocketServer.close(done);
          },
        });
        const hub = await registerHub(live, { db, bus, loadUser, verifyToken: app.verifyAccessToken });
        deps.metrics?.watch({ websocketConnections: hub.connections });
      });
    },
    { prefix: "/api" },
  );
  // Beside the API, not under /api: the public proxy does not forward it (deploy/Caddyfile).
  await app.register(metricsRoutes, { metrics: deps.metrics, token: config.metricsToken });

  return app;
}
