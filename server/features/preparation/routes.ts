import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BoardQuery, PreparationBoard } from "../../../domain/contracts/boards";
import type { PreparationService } from "./service";

export const preparationRoutes: FastifyPluginAsyncZod<{ preparation: PreparationService }> = async (app, { preparation }) => {
  app.get("/preparation/", {
    config: { permission: "preparation.work" },
    schema: { querystring: BoardQuery, response: { 200: PreparationBoard } },
    handler: (request) => preparation.board(request.query.delivery_date),
  });
};
