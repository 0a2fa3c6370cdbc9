/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/virtual-freezer/0049-freezer-lines.md
 * - docs/decisions/virtual-freezer/0118-virtual-freezer-off-keeps-balance.md
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "@domain/contracts/catalog-common";
import {
  SaveVirtualFreezerRequest,
  VirtualFreezerResponse,
  VirtualFreezerSaved,
} from "@domain/contracts/virtual-freezer";
import type { VirtualFreezerService } from "./service";

export const virtualFreezerRoutes: FastifyPluginAsyncZod<{ freezer: VirtualFreezerService }> = async (
  app,
  { freezer },
) => {
  app.get("/clients/:id/virtual-freezer/", {
    config: { permission: "catalog.read" },
    schema: {
      summary: "A client's virtual freezer and its balance",
      params: idParam,
      response: { 200: VirtualFreezerResponse },
    },
    handler: (request) => freezer.read(request.params.id),
  });

  app.post("/save_virtual_freezer/", {
    config: { permission: "catalog.write" },
    schema: {
      summary: "Save a client's virtual freezer",
      body: SaveVirtualFreezerRequest,
      response: { 200: VirtualFreezerSaved },
    },
    handler: (request) => freezer.save(request.body, request.currentUser!.id),
  });
};
