import type { Server } from "node:http";
import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { accountsRoutes } from "./features/accounts/routes";
import { auditRoutes } from "./features/audit/routes";
import { authRoutes } from "./features/auth/routes";
import { backupsRoutes } from "./features/backups/routes";
import { claimsRoutes } from "./features/claims/routes";
import { clientsRoutes } from "./features/clients/routes";
import { commissionsRoutes } from "./features/commissions/routes";
import { courierRoutes } from "./features/courier/routes";
import { dayPlanRoutes } from "./features/day-plan";
import { deployRoutes } from "./features/deploy/routes";
import { dispatchRoutes } from "./features/dispatch/routes";
import { exportsRoutes } from "./features/exports/routes";
import { type HealthChecks, healthRoutes } from "./features/health/routes";
import { homeRoutes } from "./features/home/routes";
import { lotsRoutes } from "./features/lots/routes";
import { mapRoutes } from "./features/map/routes";
import { ordersRoutes } from "./features/orders/routes";
import { preparationRoutes } from "./features/preparation/routes";
import { productsRoutes } from "./features/products/routes";
import { settingsRoutes } from "./features/settings/routes";
import { usersRoutes } from "./features/users/routes";
import { virtualFreezerRoutes } from "./features/virtual-freezer/routes";
import type { Metrics } from "./operations/metrics";
import { type HubOptions, registerHub } from "./realtime/hub";
import { onSocketError } from "./realtime/socket-errors";
import type { Services } from "./services";

/** Every feature's routes, each handed its service (under /api: the app registers this with that prefix). */
export async function registerFeatureRoutes(
  api: FastifyInstance,
  services: Services,
  { checks, uploadsDir }: { checks: HealthChecks; uploadsDir: string },
) {
  const imageUrl = (file: string) => `/api/media/profile/${file}`;
  await api.register(healthRoutes, { checks });
  await api.register(authRoutes, { auth: services.auth, humanCheck: services.humanCheck, imageUrl });
  await api.register(usersRoutes, { users: services.users, uploadsDir, imageUrl });
  await api.register(clientsRoutes, { clients: services.clients });
  await api.register(productsRoutes, { products: services.products });
  await api.register(claimsRoutes, { claims: services.claims });
  await api.register(virtualFreezerRoutes, { freezer: services.freezer });
  await api.register(mapRoutes, { map: services.map });
  await api.register(ordersRoutes, { orders: services.orders });
  await api.register(preparationRoutes, { preparation: services.preparation });
  await api.register(dispatchRoutes, { dispatch: services.dispatch });
  await api.register(courierRoutes, { courier: services.courier });
  await api.register(dayPlanRoutes, { dayPlan: services.dayPlan });
  await api.register(commissionsRoutes, { commissions: services.commissions });
  await api.register(accountsRoutes, { accounts: services.accounts });
  await api.register(lotsRoutes, { lots: services.lots });
  await api.register(homeRoutes, { home: services.home });
  await api.register(settingsRoutes, { settings: services.settings });
  await api.register(exportsRoutes, { exports: services.exports });
  await api.register(backupsRoutes, { backups: services.backups });
  await api.register(auditRoutes, { audit: services.audit });
  await api.register(deployRoutes, { deploy: services.deploy });
}

/** The websocket hub, in a scope of its own: the socket plugin's hooks run on every request of its scope. */
export async function registerLiveSocket(
  api: FastifyInstance,
  {
    upgrades,
    hub,
    metrics,
  }: {
    /** Upgrades reach the plugin through the connections plugin, for websocket routes only. */
    upgrades: Server;
    hub: HubOptions;
    metrics: Metrics | undefined;
  },
) {
  // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin; Biome reads register() as taking a callback
  await api.register(async (live) => {
    await live.register(fastifyWebsocket, {
      options: { maxPayload: 64 * 1024, server: upgrades },
      errorHandler: (error, socket, request) => onSocketError(error, socket, request),
      // At shutdown, 1001 (going away): screens reconnect at once, to another instance when there is one.
      preClose(done) {
        for (const socket of live.websocketServer.clients) socket.close(1001, "server closing");
        live.websocketServer.close(done);
      },
    });
    const { connections } = await registerHub(live, hub);
    metrics?.watch({ websocketConnections: connections });
  });
}
