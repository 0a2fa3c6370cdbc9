/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/claims/0076-one-active-claim-per-type.md
 */
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
} from "@domain/contracts/claims";
import type { ClaimsService } from "./service";

const ClientParams = ClaimParams.pick({ clientId: true });
const IdParams = z.object({ id: ClaimParams.shape.clientId });

export const claimsRoutes: FastifyPluginAsyncZod<{ claims: ClaimsService }> = async (app, { claims }) => {
  for (const [url, summary] of [
    ["/check_client_claim/:clientId/", "A client's claim or bonus of one type"],
    ["/check_client_claim/:clientId/:productId/", "A client's claim of one type about one product"],
  ]) {
    app.get(url!, {
      config: { permission: "catalog.read" },
      schema: { summary, params: ClaimParams, querystring: ClaimQuery, response: { 200: ClaimValueResponse } },
      handler: (request) => claims.current(request.params.clientId, request.query.claimType, request.params.productId),
    });
  }

  app.post("/save_claim_or_bonus/:clientId/", {
    config: { permission: "catalog.write" },
    schema: {
      summary: "Save a client's general claim or bonus",
      params: ClientParams,
      body: SaveClaimRequest,
      response: { 200: ClaimSaved },
    },
    handler: (request) =>
      claims.save(request.params.clientId, request.body.claimType as 1 | 2, request.body.claimValue),
  });

  app.post("/save_claim_product/:clientId/", {
    config: { permission: "catalog.write" },
    schema: {
      summary: "Save a client's claim about a product",
      params: ClientParams,
      body: SaveProductClaimRequest,
      response: { 200: ClaimSaved },
    },
    handler: (request) => claims.saveForProduct(request.params.clientId, request.body.product, request.body.claimValue),
  });

  app.get("/clients/:id/full-data/", {
    config: { permission: "catalog.read" },
    schema: {
      summary: "Everything about a client: data, claims, freezer and last orders",
      params: IdParams,
      response: { 200: ClientFullData },
    },
    handler: (request) => claims.fullData(request.params.id),
  });
};
