import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { z } from "zod";
import { JOB_PAYLOADS } from "../../server/jobs/payloads";
import type { JobProcessor } from "../../server/jobs/types";
import { finishDeploy } from "../../server/features/deploy";
import { deployQueue } from "../queues/deploy";

const Payload = JOB_PAYLOADS.deploy;

/** Runs DEPLOY_COMMAND, streaming each output line to the Admin's screens as deploy.log. */
export const deploy: JobProcessor<z.infer<typeof Payload>> = {
  queue: deployQueue,
  payload: Payload,
  async process({ actorId }, { db, bus, config, log }) {
    const publish = (data: Record<string, unknown>) =>
      bus
        .publish({ id: null, type: "deploy.log", at: new Date().toISOString(), actor: actorId, data })
        .catch((error: Error) => log.error(`deploy.log not published: ${error.message}`));
    let code = 1;
    try {
      if (!config.deployCommand) throw new Error("DEPLOY_COMMAND is not set");
      const child = spawn("sh", ["-c", config.deployCommand], { stdio: ["ignore", "pipe", "pipe"] });
      for (const [name, stream] of [
        ["stdout", child.stdout],
        ["stderr", child.stderr],
      ] as const) {
        createInterface({ input: stream }).on("line", (line) => void publish({ stream: name, line }));
      }
      code = await new Promise<number>((resolve) => child.on("close", (exit) => resolve(exit ?? 1)));
    } finally {
      // The slot is free before the screen hears "done", so the Admin can deploy again at once.
      await finishDeploy(db);
    }
    await publish({ done: true, code });
    return { code };
  },
};
