import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ClaimParams,
  ClaimQuery,
  ClaimSaved,
  ClaimValueResponse,
  ClientFullData,
  SaveClaimRequest,
  SaveProductClaimRequest,
} from "../../../domain/contracts/claims";
import type { ClaimsService } from "./service";

const ClientParams = ClaimParams.pick({ clientId: true });
const IdParams = z.object({ id: ClaimParams.shape.clientId });

export const claimsRoutes: FastifyPluginAsyncZod<{ claims: ClaimsService }> = async (app, { claims }) => {
  for (const url of ["/check_client_claim/:clientId/", "/check_client_claim/:clientId/:productId/"]) {
    app.get(url, {
      config: { permission: "catalog.read" },
      schema: { params: ClaimParams, querystring: ClaimQuery, response: { 200: ClaimValueResponse } },
      handler: (request) => claims.current(request.params.clientId, request.query.claimType, request.params.productId),
    });
  }

  app.post("/save_claim_or_bonus/:clientId/", {
    config: { permission: "catalog.write" },
    schema: { params: ClientParams, body: SaveClaimRequest, response: { 200: ClaimSaved } },
    handler: (request) =>
      claims.save(request.params.clientId, request.body.claimType as 1 | 2, request.body.claimValue),
  });

  app.post("/save_claim_product/:clientId/", {
    config: { permission: "catalog.write" },
    schema: { params: ClientParams, body: SaveProductClaimRequest, response: { 200: ClaimSaved } },
    handler: (request) => claims.saveForProduct(request.params.clientId, request.body.product, request.body.claimValue),
  });

  app.get("/clients/:id/full-data/", {
    config: { permission: "catalog.read" },
    schema: { params: IdParams, response: { 200: ClientFullData } },
    handler: (request) => claims.fullData(request.params.id),
  });
};
