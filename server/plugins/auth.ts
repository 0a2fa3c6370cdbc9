import fastifyJwt from "@fastify/jwt";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { can, type RoutePermission } from "../../domain/permissions";
import { Forbidden, Unauthorized } from "../errors";
import type { AuthenticatedUser } from "../features/auth/repository";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Every route declares who may call it; a route without one is refused. */
    permission?: RoutePermission;
    /** Non-GET routes check the CSRF double submit unless this is false. */
    csrf?: boolean;
  }
  interface FastifyRequest {
    currentUser: AuthenticatedUser | null;
  }
}

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: { sub: string; grp: string };
    user: { sub: string; grp: string };
  }
}

export const ACCESS_TOKEN_TTL = "15m";

export interface AuthPluginOptions {
  secret: string;
  /** Loads the user behind a token; null when gone or deactivated, so tokens die at once. */
  loadUser(id: number): Promise<AuthenticatedUser | null>;
}

export interface RouteRecord {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: ACCESS_TOKEN_TTL } });
  const routes: RouteRecord[] = [];
  app.decorate("routeTable", routes);
  app.decorateRequest("currentUser", null);

  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD" || !route.url.startsWith("/api")) continue;
      routes.push({ method, url: route.url, permission: route.config?.permission });
    }
  });

  app.decorate("authenticate", async (request: FastifyRequest) => {
    let claims: { sub: string };
    try {
      claims = await request.jwtVerify<{ sub: string; grp: string }>();
    } catch {
      throw new Unauthorized("Sesión vencida o inválida. Iniciá sesión nuevamente.");
    }
    const user = await options.loadUser(Number(claims.sub));
    if (!user) throw new Unauthorized("Sesión vencida o inválida. Iniciá sesión nuevamente.");
    request.currentUser = user;
    return user;
  });

  app.addHook("preValidation", async (request) => {
    const permission = request.routeOptions.config?.permission;
    // Only the API is guarded here; the built web's files are public by nature.
    if (permission === "public" || !request.routeOptions.url?.startsWith("/api")) return;
    const user = await app.authenticate(request);
    if (!permission || !can(user.group, permission)) throw new Forbidden();
  });
}

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteRecord[];
    authenticate(request: FastifyRequest): Promise<AuthenticatedUser>;
  }
}

export default fp(authPlugin, { name: "frio-auth" });
