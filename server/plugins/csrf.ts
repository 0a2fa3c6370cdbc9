import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Forbidden } from "../errors";

const CSRF_COOKIE = "csrftoken";
const CSRF_HEADER = "x-csrftoken";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Double submit: the header must repeat the cookie the server handed out. */
async function csrfPlugin(app: FastifyInstance) {
  // Callback hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false || !request.routeOptions.url)
      return done();
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== "string" || !same(cookie, header)) {
      return done(new Forbidden("Falta el token CSRF o no coincide. Recargá la página e intentá de nuevo."));
    }
    done();
  });

  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.cookies[CSRF_COOKIE]) {
      // Secure over TLS (TRUST_PROXY decides whether a proxy's X-Forwarded-Proto says so); plain HTTP on a LAN keeps working.
      const secure = request.protocol === "https";
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString("base64url"), {
        path: "/",
        sameSite: "lax",
        httpOnly: false,
        secure,
      });
    }
    done(null, payload);
  });
}

export default fp(csrfPlugin, { name: "frio-csrf", dependencies: ["@fastify/cookie"] });
