import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import { idParam } from "@domain/contracts/catalog-common";
import {
  City,
  ClientDetail,
  ClientListQuery,
  ClientListResponse,
  ClientSaved,
  CreateClientRequest,
  Shipment,
  UpdateClientRequest,
} from "@domain/contracts/clients";
import { ClientDirectory } from "@domain/contracts/client-directory";
import type { ClientsService } from "./service";

const Deleted = z.object({ success: z.literal(true), message: text() });

export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  // SPEC.md §7: the web posts to /clients/ and falls back to /create_client/; both create.
  for (const url of ["/clients/", "/create_client/"]) {
    app.post(url, {
      config: { permission: "catalog.write" },
      schema: { summary: "Create a client", body: CreateClientRequest, response: { 200: ClientSaved } },
      handler: (request) => clients.create(request.body, request.currentUser!),
    });
  }

  app.get("/get_client/:id/", {
    config: { permission: "catalog.read" },
    schema: {
      summary: "One client with its address, zone and contact data",
      params: idParam,
      response: { 200: ClientDetail },
    },
    handler: (request) => clients.detail(request.params.id),
  });

  app.post("/save_client/:id/", {
    config: { permission: "catalog.write" },
    schema: { summary: "Update a client", params: idParam, body: UpdateClientRequest, response: { 200: ClientSaved } },
    handler: (request) => clients.update(request.params.id, request.body, request.currentUser!),
  });

  app.get("/clients/directory/", {
    config: { permission: "orders.take" },
    schema: {
      summary:
        "Every active client's list fields, and the last order's lines of the seller's recent clients (kept on the phone)",
      response: { 200: ClientDirectory },
    },
    handler: (request) => clients.directory(request.currentUser!.id),
  });

  app.get("/clients_list/", {
    config: { permission: "catalog.read" },
    schema: {
      summary: "Search and page through clients",
      querystring: ClientListQuery,
      response: { 200: ClientListResponse },
    },
    handler: (request) => clients.list(request.query),
  });

  app.post("/clients/:id/null_date/", {
    config: { permission: "catalog.write" },
    schema: {
      summary: "Delete a client (kept for history, hidden from lists)",
      params: idParam,
      response: { 200: Deleted },
    },
    handler: (request) => clients.remove(request.params.id, request.currentUser!.id),
  });

  app.get("/get_cities/", {
    config: { permission: "catalog.read" },
    schema: { summary: "Cities a client or an order can be in", response: { 200: z.array(City) } },
    handler: async () => (await clients.references()).cities,
  });

  app.get("/get_shipments/", {
    config: { permission: "catalog.read" },
    schema: { summary: "Delivery zones with their shipping cost", response: { 200: z.array(Shipment) } },
    handler: async () => (await clients.references()).shipments,
  });
};
