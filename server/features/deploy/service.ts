import type { Config } from "../../config";
import type { Database } from "../../db/types";
import { Conflict, Unavailable } from "../../errors";
import type { Jobs } from "../../jobs/types";
import { claimDeploy, finishDeploy } from "./repository";

export function createDeployService({ db, jobs, config }: { db: Database; jobs: Jobs; config: Config }) {
  return {
    async start(actorId: number) {
      if (!config.deployCommand)
        throw new Unavailable("La actualización no está configurada en este servidor (falta DEPLOY_COMMAND).");
      if (!(await claimDeploy(db))) throw new Conflict("Ya hay una actualización en curso. Esperá a que termine.");
      // The slot is given back when the queue cannot take the job (503).
      await jobs
        .enqueue("deploy", { actorId, requestedAt: new Date().toISOString() }, { jobId: `deploy-${Date.now()}` })
        .catch(async (error: unknown) => {
          await finishDeploy(db);
          throw error;
        });
      return { success: true as const, message: "Despliegue iniciado. Recargando en unos segundos..." };
    },
  };
}

export type DeployService = ReturnType<typeof createDeployService>;
