import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";

export interface HealthChecks {
  database(): Promise<boolean>;
  bus(): boolean;
  queue(): boolean;
  mode: string;
}

const State = z.enum(["ok", "down"]);
const HealthResponse = z.object({ status: State, mode: text(), database: State, bus: State, queue: State });

const state = (ok: boolean) => (ok ? ("ok" as const) : ("down" as const));

export const healthRoutes: FastifyPluginAsyncZod<{ checks: HealthChecks }> = async (app, { checks }) => {
  app.get("/health/", {
    config: { permission: "public" },
    schema: {
      summary: "Report whether the database, the event bus and the job queue answer",
      response: { 200: HealthResponse, 503: HealthResponse },
    },
    handler: async (_request, reply) => {
      const database = await checks.database();
      const body = {
        mode: checks.mode,
        database: state(database),
        bus: state(checks.bus()),
        queue: state(checks.queue()),
      };
      // Only a database outage makes the API unusable; bus and queue outages degrade it.
      return reply.status(database ? 200 : 503).send({ status: state(database), ...body });
    },
  });
};
