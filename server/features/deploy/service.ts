import type { Config } from "../../config";
import type { Database } from "../../db/types";
import { Conflict, Unavailable } from "../../errors";
import type { Jobs } from "../../jobs/types";
import { recordAudit } from "../audit";
import { claimDeploy, finishDeploy } from "./repository";

export function createDeployService({ db, jobs, config }: { db: Database; jobs: Jobs; config: Config }) {
  return {
    async start(actorId: number) {
      if (!config.deployCommand)
        throw new Unavailable("La actualización no está configurada en este servidor (falta DEPLOY_COMMAND).");
      if (!(await claimDeploy(db))) throw new Conflict("Ya hay una actualización en curso. Esperá a que termine.");
      // The slot is given back when the queue cannot take the job (503).
      const jobId = `deploy-${Date.now()}`;
      await jobs
        .enqueue("deploy", { actorId, requestedAt: new Date().toISOString() }, { jobId })
        .catch(async (error: unknown) => {
          await finishDeploy(db);
          throw error;
        });
      // Recorded once the job is queued: a deploy that could not start changed nothing.
      await recordAudit(db, {
        actorId,
        action: "deploy.started",
        entity: "deploy",
        entityId: null,
        before: null,
        after: { job_id: jobId },
      });
      return { success: true as const, message: "Despliegue iniciado. Recargando en unos segundos..." };
    },
  };
}

export type DeployService = ReturnType<typeof createDeployService>;
