import fastifyJwt from "@fastify/jwt";
import { createVerifier } from "fast-jwt";
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  HookHandlerDoneFunction,
  preValidationHookHandler,
} from "fastify";
import fp from "fastify-plugin";
import { can, type RoutePermission } from "@domain/permissions";
import { Forbidden, Unauthorized } from "../errors";
import type { AuthenticatedUser } from "../features/auth";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Every route declares who may call it; a route without one is refused. */
    permission?: RoutePermission;
    /** Non-GET routes check the CSRF double submit unless this is false. */
    csrf?: boolean;
  }
  interface FastifyRequest {
    currentUser: AuthenticatedUser | null;
    /** The session (refresh-token family) the request's access token belongs to. */
    sessionId: string | null;
  }
}

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: { sub: string; grp: string; sid: string };
    user: { sub: string; grp: string; sid: string };
  }
}

const ACCESS_TOKEN_TTL = "15m";

interface AuthPluginOptions {
  secret: string;
  /** Loads the user behind a token; null when gone, deactivated or the session ended, so tokens die at once. */
  loadUser(id: number, sessionId: string): AuthenticatedUser | null | Promise<AuthenticatedUser | null>;
}

export interface RouteRecord {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  /** The route's zod schemas (body, querystring, params…), for the tests that sweep every route. */
  schema: FastifySchema | undefined;
}

export type AccessClaims = { sub: string; grp: string; sid: string; exp: number };
const KEPT_TOKENS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks an access token as the server signs them (HS256): a token without an expiry or
 * without its session is refused, whoever signed it, so no token is good for ever or
 * outside the session whose end must end it.
 */
export function createAccessVerifier(secret: string): (token: string) => AccessClaims {
  const verify = createVerifier({ key: secret, algorithms: ["HS256"], requiredClaims: ["sub", "sid", "exp"] });
  return (token) => {
    const claims = verify(token) as AccessClaims;
    if (typeof claims.sid !== "string" || !UUID.test(claims.sid) || typeof claims.exp !== "number")
      throw new Error("malformed claims");
    return claims;
  };
}

/**
 * Every API call checks its token, with one verifier built once for the tokens @fastify/jwt
 * signs (HS256) rather than @fastify/jwt's per-call option merging. A verified token is
 * kept, keyed by itself, until it expires: verifying again costs as much as a small call.
 */
function keepVerified(verify: (token: string) => AccessClaims) {
  const kept = new Map<string, AccessClaims>();
  return (token: string): AccessClaims => {
    const claims = kept.get(token);
    if (claims && claims.exp * 1000 > Date.now()) return claims;
    const verified = verify(token);
    if (kept.size >= KEPT_TOKENS) kept.clear();
    kept.set(token, verified);
    return verified;
  };
}

/** The token of an `Authorization: Bearer <token>` header; throws when there is none. */
function bearerToken(header: string | undefined): string {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw new Error("no bearer token");
  return match[1]!;
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: ACCESS_TOKEN_TTL } });
  const routes: RouteRecord[] = [];
  app.decorate("routeTable", routes);
  app.decorateRequest("currentUser", null);
  app.decorateRequest("sessionId", null);

  const verifyAccess = keepVerified(createAccessVerifier(options.secret));
  app.decorate("verifyAccessToken", verifyAccess);
  const expired = () => new Unauthorized("Sesión vencida o inválida. Iniciá sesión nuevamente.");

  /** Lets the request through as `user`, or answers 401 (no such user) or 403 (not allowed). */
  const admit = (
    request: FastifyRequest,
    permission: Exclude<RoutePermission, "public"> | undefined,
    user: AuthenticatedUser | null,
    done: HookHandlerDoneFunction,
  ) => {
    if (!user) return done(expired());
    request.currentUser = user;
    done(!permission || !can(user.group, permission) ? new Forbidden() : undefined);
  };

  /**
   * The check in front of one route, built when the route is declared. A callback hook that
   * answers at once when the token and its user are already known: an async hook would cost
   * every API call a few turns of the event loop, and so would a closure made per call.
   */
  const guard = (permission: Exclude<RoutePermission, "public"> | undefined): preValidationHookHandler =>
    function guardRoute(request, _reply, done) {
      let claims: AccessClaims;
      try {
        claims = verifyAccess(bearerToken(request.headers.authorization));
      } catch {
        return done(expired());
      }
      request.sessionId = claims.sid;
      const user = options.loadUser(Number(claims.sub), claims.sid);
      if (user instanceof Promise) user.then((loaded) => admit(request, permission, loaded, done), done);
      else admit(request, permission, user, done);
    };
  // For routes declared before this plugin (the API reference), which its onRoute hook never sees.
  app.decorate("guardRoute", guard);

  app.addHook("onRoute", (route) => {
    // Only the API is guarded; the built web's files are public by nature.
    if (!route.url.startsWith("/api")) return;
    const permission = route.config?.permission;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== "HEAD") routes.push({ method, url: route.url, permission, schema: route.schema });
    if (permission === "public") return;
    // A new array: Fastify copies a GET route's options, arrays shared, for its HEAD route.
    const own = route.preValidation ?? [];
    route.preValidation = [guard(permission), ...(Array.isArray(own) ? own : [own])];
  });
}

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteRecord[];
    /** The claims of a valid access token (expiry and session present); throws otherwise. */
    verifyAccessToken(token: string): AccessClaims;
    /** The token and permission check every API route gets, for a route declared before the auth plugin. */
    guardRoute(permission: Exclude<RoutePermission, "public">): preValidationHookHandler;
  }
}

export default fp(authPlugin, { name: "frio-auth" });
