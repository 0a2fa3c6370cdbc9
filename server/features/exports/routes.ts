import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ExportRequest, LatestIdQuery, LatestIdResponse } from "../../../domain/contracts/exports";
import type { ExportsService } from "./service";

export const exportsRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (app, { exports }) => {
  app.get("/get-latest-id/", {
    config: { permission: "data.export" },
    schema: { querystring: LatestIdQuery, response: { 200: LatestIdResponse } },
    handler: (request) => exports.latestId(request.query.table),
  });

  app.post("/export-data/", {
    config: { permission: "data.export" },
    schema: { body: ExportRequest },
    handler: async (request, reply) => {
      const file = exports.open(request.body);
      return reply
        .type(file.contentType)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("access-control-expose-headers", "content-disposition")
        .send(file.stream);
    },
  });
};
