import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import type { Database } from "../../db/types";
import { Conflict, Unavailable } from "../../errors";
import type { Jobs } from "../../jobs/types";
import { claimDeploy } from "./repository";

export const deployRoutes: FastifyPluginAsyncZod<{ db: Database; jobs: Jobs; config: Config }> = async (app, { db, jobs, config }) => {
  app.post("/deploy/", {
    config: { permission: "software.deploy" },
    schema: { response: { 200: z.object({ success: z.literal(true), message: z.string() }) } },
    handler: async (request) => {
      if (!config.deployCommand) throw new Unavailable("La actualización no está configurada en este servidor (falta DEPLOY_COMMAND).");
      if (!(await claimDeploy(db))) throw new Conflict("Ya hay una actualización en curso. Esperá a que termine.");
      const requestedAt = new Date().toISOString();
      await jobs.enqueue("deploy", { actorId: request.currentUser!.id, requestedAt }, { jobId: `deploy-${Date.now()}` });
      return { success: true as const, message: "Despliegue iniciado. Recargando en unos segundos..." };
    },
  });
};
