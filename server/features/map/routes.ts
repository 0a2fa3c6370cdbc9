import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GeocodeQuery, GeocodeResponse, MapConfig, MapKey } from "../../../domain/contracts/map";
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
