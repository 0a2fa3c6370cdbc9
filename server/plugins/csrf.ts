import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { Forbidden } from "../errors";

const CSRF_COOKIE = "csrftoken";
const CSRF_HEADER = "x-csrftoken";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** A non-empty csrftoken among the request's cookies, as the cookie parser would read it. */
const HAS_CSRF_COOKIE = new RegExp(`(?:^|;)\\s*${CSRF_COOKIE}=[^;\\s]`);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double submit: the header must repeat the cookie the server handed out. The check is a
 * hook of the routes that change something only; the cookie is handed out on any answer to
 * a request that came without it. The CSRF cookie is the only one the app reads or sets, so
 * @fastify/cookie is loaded for its parser and serializer without its per-request hooks.
 */
async function csrfPlugin(app: FastifyInstance) {
  const csrfCookie = (request: FastifyRequest) => {
    const header = request.headers.cookie;
    return header ? app.parseCookie(header)[CSRF_COOKIE] : undefined;
  };

  const check: onRequestHookHandler = function checkCsrf(request, _reply, done) {
    const cookie = csrfCookie(request);
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== "string" || !same(cookie, header)) {
      return done(new Forbidden("Falta el token CSRF o no coincide. Recargá la página e intentá de nuevo."));
    }
    done();
  };

  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.csrf === false || methods.every((method) => SAFE_METHODS.has(method))) return;
    const own = route.onRequest ?? [];
    route.onRequest = [check, ...(Array.isArray(own) ? own : [own])];
  });

  // Callback hook: it runs on every request, and an async hook costs a promise each time.
  // Whether the cookie is there is all it needs: a test, not a parse of every cookie.
  app.addHook("onSend", (request, reply, payload, done) => {
    const cookies = request.headers.cookie;
    if (cookies === undefined || !HAS_CSRF_COOKIE.test(cookies)) {
      // Secure over TLS (TRUST_PROXY decides whether a proxy's X-Forwarded-Proto says so); plain HTTP on a LAN keeps working.
      const cookie = app.serializeCookie(CSRF_COOKIE, randomBytes(24).toString("base64url"), {
        path: "/",
        sameSite: "lax",
        httpOnly: false,
        secure: request.protocol === "https",
      });
      const set = reply.getHeader("set-cookie");
      reply.header("set-cookie", set === undefined ? cookie : [...(Array.isArray(set) ? set : [String(set)]), cookie]);
    }
    done(null, payload);
  });
}

export default fp(csrfPlugin, { name: "frio-csrf", dependencies: ["@fastify/cookie"] });
