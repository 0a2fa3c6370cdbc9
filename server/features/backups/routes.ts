import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BackupStatus } from "@domain/contracts/backups";
import type { BackupsService } from "./service";

export const backupsRoutes: FastifyPluginAsyncZod<{ backups: BackupsService }> = async (app, { backups }) => {
  app.get("/backups/", {
    config: { permission: "data.backup" },
    schema: { summary: "The last backup's time, size and any failure since", response: { 200: BackupStatus } },
    handler: () => backups.status(),
  });

  app.get("/backups/download/", {
    config: { permission: "data.backup" },
    schema: { summary: "Write a fresh backup and download it" },
    handler: async (request, reply) => {
      const file = await backups.download(request.currentUser!.id);
      return reply
        .type("application/octet-stream")
        .header("content-length", file.size)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("access-control-expose-headers", "content-disposition")
        .send(file.stream);
    },
  });
};
