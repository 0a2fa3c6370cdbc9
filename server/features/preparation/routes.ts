import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BoardQuery } from "@domain/contracts/boards";
import { PreparationBoard } from "@domain/contracts/preparation";
import type { PreparationService } from "./service";

export const preparationRoutes: FastifyPluginAsyncZod<{ preparation: PreparationService }> = async (
  app,
  { preparation },
) => {
  app.get("/preparation/", {
    config: { permission: "preparation.work" },
    schema: {
      summary: "The preparation board: batches of a date by group",
      querystring: BoardQuery,
      response: { 200: PreparationBoard },
    },
    // The board is stored as the views it shows, built from the same contract: its JSON text
    // goes out as read (Fastify sends a string with a JSON type unserialized), not parsed and checked again.
    handler: async (request, reply) => {
      const text = await preparation.board(request.query.delivery_date);
      return reply.type("application/json; charset=utf-8").send(text as unknown as PreparationBoard);
    },
  });
};
