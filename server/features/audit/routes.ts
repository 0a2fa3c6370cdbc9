import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AuditQuery, AuditResponse } from "@domain/contracts/audit";
import type { AuditService } from "./service";

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get("/audit/", {
    config: { permission: "audit.read" },
    schema: {
      summary: "The audit trail, filtered by user, action and date",
      querystring: AuditQuery,
      response: { 200: AuditResponse },
    },
    handler: (request) => audit.list(request.query),
  });
};
