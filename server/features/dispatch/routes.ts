/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/dispatch/0010-route-needs-linked-courier.md
 * - docs/decisions/dispatch/0011-route-slot-order.md
 * - docs/decisions/dispatch/0019-boards-show-one-delivery-date.md
 * - docs/decisions/dispatch/0031-courier-columns-and-users.md
 * - docs/decisions/dispatch/0036-dispatch-assignments-versioned.md
 * - docs/decisions/dispatch/0037-dispatch-board-filters.md
 * - docs/decisions/dispatch/0039-entregado-from-enviados.md
 * - docs/decisions/dispatch/0106-routes-computed-in-the-request.md
 * - docs/decisions/dispatch/0119-wall-screen.md
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import { BoardQuery } from "@domain/contracts/boards";
import { AssignRequest, DispatchBoard, DispatchRoute, RouteQuery, SendRouteRequest } from "@domain/contracts/dispatch";
import { ColumnsJson } from "@domain/contracts/event-data";
import { OrderIdRequest } from "@domain/contracts/orders";
import type { DispatchService } from "./service";

const permission = "dispatch.work" as const;

export const dispatchRoutes: FastifyPluginAsyncZod<{ dispatch: DispatchService }> = async (app, { dispatch }) => {
  app.get("/dispatch/", {
    config: { permission },
    schema: {
      summary: "The dispatch board: prepared orders and each courier column",
      querystring: BoardQuery,
      response: { 200: DispatchBoard },
    },
    handler: (request) => dispatch.board(request.query.delivery_date),
  });

  app.post("/dispatch/assign/", {
    config: { permission },
    schema: {
      summary: "Put orders in a courier column, in order",
      body: AssignRequest,
      response: { 200: z.object({ success: z.literal(true), version: z.number(), columns: ColumnsJson }) },
    },
    handler: (request) => dispatch.assign(request.body, request.currentUser!),
  });

  app.post("/dispatch/reset/", {
    config: { permission },
    schema: {
      summary: "Return a column's orders to unassigned",
      response: { 200: z.object({ success: z.literal(true), message: text(), columns: ColumnsJson }) },
    },
    handler: (request) => dispatch.reset(request.currentUser!),
  });

  app.get("/dispatch/route/", {
    config: { permission },
    schema: {
      summary: "The driving order and distance of a column's stops",
      querystring: RouteQuery,
      response: { 200: DispatchRoute },
    },
    handler: (request) => dispatch.route(request.query.order_ids),
  });

  app.post("/dispatch/send-route/", {
    config: { permission },
    schema: {
      summary: "Send a column's route to its linked courier",
      body: SendRouteRequest,
      response: { 200: DispatchRoute.extend({ success: z.literal(true), message: text() }) },
    },
    handler: (request) => dispatch.sendRoute(request.body.courier, request.body.order_ids, request.currentUser!),
  });

  app.post("/dispatch/delivered/", {
    config: { permission },
    schema: {
      summary: "Mark a stop delivered from the board",
      body: OrderIdRequest,
      response: { 200: z.object({ success: z.literal(true), message: text() }) },
    },
    handler: (request) => dispatch.delivered(request.body.order_id, request.currentUser!),
  });
};
