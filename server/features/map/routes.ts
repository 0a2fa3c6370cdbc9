/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/map/0009-map-messages-name-no-provider.md
 * - docs/decisions/map/0051-google-maps-key-endpoint.md
 * - docs/decisions/map/0068-map-picker-window.md
 * - docs/decisions/map/0069-map-works-out-of-the-box.md
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GeocodeQuery, GeocodeResponse, MapConfig, MapKey } from "@domain/contracts/map";
import type { MapService } from "./service";

export const mapRoutes: FastifyPluginAsyncZod<{ map: MapService }> = async (app, { map }) => {
  app.get("/map-config/", {
    config: { permission: "session.use" },
    schema: { summary: "The map style and key the browser's map uses", response: { 200: MapConfig } },
    handler: () => map.config(),
  });

  app.get("/google-maps-key/", {
    config: { permission: "session.use" },
    schema: { summary: "The map provider's key (empty when unset)", response: { 200: MapKey } },
    handler: () => ({ key: map.config().key }),
  });

  app.get("/geocode/", {
    config: { permission: "session.use" },
    schema: {
      summary: "Find coordinates for an address (server-side geocoder)",
      querystring: GeocodeQuery,
      response: { 200: GeocodeResponse },
    },
    handler: async (request) => ({ results: await map.geocode(request.query.q) }),
  });
};
