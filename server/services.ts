import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { createAccountsService } from "./features/accounts/service";
import { createAuditService } from "./features/audit/service";
import { createAltchaCheck, createRecaptchaCheck } from "./features/auth/captcha";
import { createLoginThrottle, memoryAttemptStore, redisAttemptStore } from "./features/auth/login-throttle";
import { createAuthService } from "./features/auth/service";
import type { BackupsService } from "./features/backups/service";
import { createClaimsService } from "./features/claims/service";
import { createClientsService } from "./features/clients/service";
import { createCommissionsService } from "./features/commissions/service";
import { createCourierService } from "./features/courier/service";
import { appliedTrips, createDayPlanService } from "./features/day-plan";
import { createDeployService } from "./features/deploy/service";
import { createDispatchService } from "./features/dispatch/service";
import { createExportsService } from "./features/exports/service";
import { createHomeService } from "./features/home/service";
import { createLotsService } from "./features/lots/service";
import { createMapService } from "./features/map/service";
import { createOrdersService } from "./features/orders/service";
import { createPreparationService } from "./features/preparation/service";
import { createProductsService } from "./features/products/service";
import { createSettingsService } from "./features/settings/service";
import { createUsersService } from "./features/users/service";
import { createVirtualFreezerService } from "./features/virtual-freezer/service";
import type { Jobs } from "./jobs/types";

export interface ServicesDeps {
  config: Config;
  database: DatabaseHandle;
  jobs: Jobs;
  redis?: Redis;
  backups: BackupsService;
  uploadsDir: string;
  /** What the process caches of who is signed in. */
  sessions: {
    forget(userId: number): void;
    /** Ended sessions (null: all of the user's) are refused at once on every API instance. */
    end(userId: number, sessionIds: string[] | null): void;
  };
}

/**
 * Every feature's service, built once per app from the process's parts; the services that use
 * another are handed it here (features never import each other's services).
 */
export function createServices(app: FastifyInstance, deps: ServicesDeps) {
  const { config, database, jobs, redis, uploadsDir, sessions } = deps;
  const { db } = database;
  const humanCheck = config.recaptchaSecret
    ? createRecaptchaCheck(config.recaptchaSecret, config.recaptchaVerifyUrl, {
        siteKey: config.recaptchaSiteKey!,
        scriptUrl: config.recaptchaScriptUrl,
      })
    : createAltchaCheck(config.jwtSecret);
  const orders = createOrdersService({ db });
  const courier = createCourierService({
    db,
    orders,
    uploadsDir,
    plannedTrips: (deliveryDate, column) => appliedTrips(db, deliveryDate, column),
  });
  return {
    humanCheck,
    auth: createAuthService({
      db,
      onSessionsEnded: sessions.end,
      humanCheck,
      throttle: createLoginThrottle(
        redis ? redisAttemptStore(redis, config.redisNamespace) : memoryAttemptStore(),
        (error) => app.log.warn(`login throttle skipped: ${error.message}`),
      ),
      signAccess: (user, sid) => app.jwt.sign({ sub: String(user.id), grp: user.group, sid }),
      pendingRequestsMax: config.pendingRequestsMax,
    }),
    users: createUsersService({
      db,
      uploadsDir,
      onUserChanged: sessions.forget,
      onSessionsEnded: (userId) => sessions.end(userId, null),
    }),
    clients: createClientsService({ db }),
    products: createProductsService({ db }),
    claims: createClaimsService({ db }),
    freezer: createVirtualFreezerService({ db }),
    map: createMapService(config),
    orders,
    preparation: createPreparationService({ db }),
    dispatch: createDispatchService({ db, orders, depot: config.depot }),
    courier,
    dayPlan: createDayPlanService({
      db,
      jobs,
      linkCourier: (actor, column, userId) => courier.link(actor, column, userId),
    }),
    commissions: createCommissionsService({ db }),
    accounts: createAccountsService({ db }),
    lots: createLotsService({ db, copyText: database.copyText }),
    home: createHomeService({ db }),
    settings: createSettingsService({ db }),
    exports: createExportsService({
      database,
      jobs,
      quotaBytes: config.exportQuotaBytes,
      stallMs: config.exportStallMs,
      log: app.log,
    }),
    backups: deps.backups,
    audit: createAuditService({ db }),
    deploy: createDeployService({ db, jobs, config }),
  };
}

export type Services = ReturnType<typeof createServices>;
