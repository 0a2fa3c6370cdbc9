import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import {
  ExportJobParams,
  ExportJobResponse,
  ExportRequest,
  KeptExportsResponse,
  LatestIdQuery,
  LatestIdResponse,
} from "@domain/contracts/exports";
import type { ExportsService } from "./service";
import { ExportAbandoned } from "./slots";

const Done = z.object({ success: z.literal(true), message: text() });

export const exportsRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (app, { exports }) => {
  app.get("/get-latest-id/", {
    config: { permission: "data.export" },
    schema: {
      summary: "The latest id of each exportable table",
      querystring: LatestIdQuery,
      response: { 200: LatestIdResponse },
    },
    handler: (request) => exports.latestId(request.query.table),
  });

  app.post("/export-data/", {
    config: { permission: "data.export" },
    schema: { summary: "Export a table as CSV or xlsx, streamed", body: ExportRequest },
    handler: async (request, reply) => {
      // The client may leave while the export waits for a slot: it then leaves the queue.
      const gone = new AbortController();
      const leave = () => gone.abort();
      reply.raw.once("close", leave);
      let file: Awaited<ReturnType<ExportsService["open"]>>;
      try {
        file = await exports.open(request.body, request.currentUser!.id, gone.signal);
      } catch (error) {
        // Nobody to answer.
        if (error instanceof ExportAbandoned) return reply.hijack();
        throw error;
      } finally {
        reply.raw.off("close", leave);
      }
      return reply
        .type(file.contentType)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("access-control-expose-headers", "content-disposition")
        .send(file.stream);
    },
  });

  app.post("/exports/", {
    config: { permission: "data.export" },
    schema: {
      summary: "Queue an export of a table as a file",
      body: ExportRequest,
      response: { 200: ExportJobResponse },
    },
    handler: (request) => exports.start(request.body, request.currentUser!.id),
  });

  app.get("/exports/", {
    config: { permission: "data.export" },
    schema: { summary: "Kept export files and their progress", response: { 200: KeptExportsResponse } },
    handler: () => exports.kept(),
  });

  app.delete("/exports/:id/", {
    config: { permission: "data.export" },
    schema: { summary: "Delete a kept export file", params: ExportJobParams, response: { 200: Done } },
    handler: (request) => exports.remove(request.params.id, request.currentUser!.id),
  });

  app.get("/exports/:id/", {
    config: { permission: "data.export" },
    schema: { summary: "One export's progress", params: ExportJobParams, response: { 200: ExportJobResponse } },
    handler: (request) => exports.status(request.params.id),
  });

  app.get("/exports/:id/file", {
    config: { permission: "data.export" },
    schema: { summary: "Download a finished export file", params: ExportJobParams },
    handler: async (request, reply) => {
      const file = await exports.file(request.params.id, request.currentUser!.id);
      return reply
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .type("application/octet-stream")
        .send(file.stream);
    },
  });
};
