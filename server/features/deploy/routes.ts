import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import type { DeployService } from "./service";

export const deployRoutes: FastifyPluginAsyncZod<{ deploy: DeployService }> = async (app, { deploy }) => {
  app.post("/deploy/", {
    config: { permission: "software.deploy" },
    schema: {
      summary: "Run the configured deploy command",
      response: { 200: z.object({ success: z.literal(true), message: text() }) },
    },
    handler: (request) => deploy.start(request.currentUser!.id),
  });
};
