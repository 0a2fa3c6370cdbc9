/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/commissions/0029-commissions.md
 * - docs/decisions/commissions/0143-commission-default-seller.md
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import {
  CommissionRequest,
  CommissionResult,
  CommissionSettingsRequest,
  CommissionSetup,
} from "@domain/contracts/commissions";
import type { CommissionsService } from "./service";

export const commissionsRoutes: FastifyPluginAsyncZod<{ commissions: CommissionsService }> = async (
  app,
  { commissions },
) => {
  app.get("/commissions/", {
    config: { permission: "commissions.own" },
    schema: { summary: "Commission settings and sellers", response: { 200: CommissionSetup } },
    handler: (request) => commissions.setup(request.currentUser!),
  });

  app.post("/commissions/", {
    config: { permission: "commissions.own" },
    schema: {
      summary: "Calculate a seller's commission for a period",
      body: CommissionRequest,
      response: { 200: CommissionResult },
    },
    handler: (request) => commissions.calculate(request.body, request.currentUser!),
  });

  app.post("/commissions/settings/", {
    config: { permission: "commissions.any" },
    schema: {
      summary: "Change the commission rates",
      body: CommissionSettingsRequest,
      response: { 200: z.object({ success: z.literal(true), message: text() }) },
    },
    handler: (request) =>
      commissions.updateSettings(request.body.rate, request.body.includes_shipping, request.currentUser!.id),
  });
};
