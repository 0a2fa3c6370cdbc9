import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { answersOneRecord } from "./answer-size";

const hasBody = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).some((m) => m !== "GET" && m !== "HEAD");

/** Vite names every file under /assets/ by its content hash: a new build gets new names. */
const HASHED = /^\/assets\//;
const FOREVER = "public, max-age=31536000, immutable";
/** index.html and unhashed files: kept, but asked again (an ETag answer is a 304). */
const REVALIDATE = "no-cache";

/**
 * API answers and the built web, compressed and cached for phones on mobile data:
 * - JSON and text compressed on the fly (brotli at quality 4: most of the gain for little CPU),
 *   except API answers of one record, always under the threshold: their routes carry none of
 *   the compression hooks, which cost a small call a tenth of its time;
 * - web files sent as the brotli or gzip copies the build wrote beside them;
 * - hashed assets cached for a year, index.html revalidated on every visit;
 * - every other path answers index.html (the app's routes), but a missing asset is a 404,
 *   never a page of HTML where a script was asked for.
 */
async function webPlugin(app: FastifyInstance, options: { root: string | null }) {
  // Before the compression plugin's own onRoute: a route answering one record gets none of its hooks.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || !answersOneRecord(route)) return;
    route.compress = false;
    // A request without a body has nothing to decompress either.
    if (!hasBody(route)) route.decompress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  if (!options.root) return;

  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    preCompressed: true,
    globIgnore: ["**/*.br", "**/*.gz"],
    cacheControl: false,
    setHeaders: (reply, path) =>
      reply.header("cache-control", HASHED.test(path.slice(options.root!.length)) ? FOREVER : REVALIDATE),
  });
  app.get("/*", { config: { permission: "public" } }, (request, reply) => {
    if (request.url.startsWith("/api/"))
      return reply.status(404).send({ detail: "No se encontró el recurso solicitado." });
    if (HASHED.test(request.url)) return reply.status(404).type("text/plain").send("No encontrado");
    return reply.header("cache-control", REVALIDATE).sendFile("index.html");
  });
}

export default fp(webPlugin, { name: "frio-web" });
