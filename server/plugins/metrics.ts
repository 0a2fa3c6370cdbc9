import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { bearerMatches, type Metrics } from "../operations/metrics";
import { OneLinePerRequest } from "./request-log";

/**
 * The access line's controller, which Fastify calls once per answered request anyway, also
 * times the request for `http_request_duration_seconds`: no hook of its own on the request path.
 */
export class MeasuredRequests extends OneLinePerRequest {
  constructor(
    destination: ConstructorParameters<typeof OneLinePerRequest>[0],
    private readonly metrics: Metrics,
  ) {
    super(destination);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    this.metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? "unmatched",
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    super.requestCompleted(error, request, reply);
  }
}

const NOT_FOUND = { detail: "No se encontró el recurso solicitado." };

/**
 * `GET /metrics` for Prometheus, with `Authorization: Bearer $METRICS_TOKEN`. Without the
 * variable there is nothing to scrape: 404, as for any path that is not there.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics?: Metrics; token?: string }> = async (
  app,
  { metrics, token },
) => {
  app.get("/metrics", { config: { permission: "public" }, schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) return reply.status(404).send(NOT_FOUND);
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ detail: "Falta el token de las métricas o no es válido." });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};
