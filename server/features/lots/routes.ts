import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "@domain/contracts/catalog-common";
import { IdempotencyHeaders } from "@domain/contracts/idempotency";
import {
  ExpiringLotsQuery,
  ExpiringLotsResponse,
  Lot,
  LotTrace,
  ProductLotsResponse,
  ReceiveLotRequest,
  TraceFileQuery,
} from "@domain/contracts/lots";
import type { LotsService } from "./service";

export const lotsRoutes: FastifyPluginAsyncZod<{ lots: LotsService }> = async (app, { lots }) => {
  app.post("/products/:id/lots/", {
    config: { permission: "lots.receive" },
    schema: {
      summary:
        "Receive kilograms of a product under a lot code and expiry ('Ingresar lote'; idempotent by Idempotency-Key); its stock grows by them",
      params: idParam,
      body: ReceiveLotRequest,
      headers: IdempotencyHeaders,
      response: { 201: Lot },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await lots.receive(
            request.params.id,
            request.body,
            request.currentUser!,
            request.headers["idempotency-key"] ?? null,
          ),
        ),
  });

  app.get("/products/:id/lots/", {
    config: { permission: "catalog.read" },
    schema: {
      summary: "A product's lots, first expiry first, with what each has left",
      params: idParam,
      response: { 200: ProductLotsResponse },
    },
    handler: (request) => lots.productLots(request.params.id),
  });

  app.get("/lots/", {
    config: { permission: "catalog.read" },
    schema: {
      summary: "'Lotes por vencer': lots with kilograms left expiring from today to today + N days, soonest first",
      querystring: ExpiringLotsQuery,
      response: { 200: ExpiringLotsResponse },
    },
    handler: (request) => lots.expiring(request.query.expiring_within_days),
  });

  // Who received the lot: the clients and phones the orders list already shows its readers.
  app.get("/lots/:id/trace/", {
    config: { permission: "orders.list" },
    schema: {
      summary:
        "A lot's recall trace: every order that took it, with client, phone, delivery date, kilograms and status",
      params: idParam,
      response: { 200: LotTrace },
    },
    handler: (request) => lots.trace(request.params.id),
  });

  app.get("/lots/:id/trace/file/", {
    config: { permission: "orders.list" },
    schema: {
      summary: "A lot's recall trace as a file: es-AR CSV or xlsx, as the data export writes them",
      params: idParam,
      querystring: TraceFileQuery,
    },
    handler: async (request, reply) => {
      const file = await lots.traceFile(request.params.id, request.query.format);
      return reply
        .type(file.contentType)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("access-control-expose-headers", "content-disposition")
        .send(file.stream);
    },
  });
};
