import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import { Shipment } from "@domain/contracts/clients";
import { ColdChainSetting, ShippingCostRequest } from "@domain/contracts/settings";
import type { SettingsService } from "./service";

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get("/get-shipments-jwt/", {
    config: { permission: "shipping.edit" },
    schema: { summary: "Delivery zones with their shipping cost, to edit", response: { 200: z.array(Shipment) } },
    handler: () => settings.shipments(),
  });

  app.post("/update-shipping-cost/", {
    config: { permission: "shipping.edit" },
    schema: {
      summary: "Change a zone's shipping cost",
      body: ShippingCostRequest,
      response: { 200: z.object({ success: z.literal(true), message: text() }) },
    },
    handler: (request) =>
      settings.updateShippingCost(request.body.zone_id, request.body.price, request.currentUser!.id),
  });

  // Every signed-in screen may read it (the courier's phone asks the temperature by it); only Admin changes it.
  app.get("/settings/cold-chain/", {
    config: { permission: "session.use" },
    schema: { summary: "The cold chain at delivery: required, maximum °C", response: { 200: ColdChainSetting } },
    handler: () => settings.coldChain(),
  });

  app.put("/settings/cold-chain/", {
    config: { permission: "settings.cold_chain" },
    schema: {
      summary: "Require the goods' temperature at delivery, and its maximum",
      body: ColdChainSetting,
      response: { 200: ColdChainSetting.extend({ success: z.literal(true), message: text() }) },
    },
    handler: (request) => settings.saveColdChain(request.body, request.currentUser!.id),
  });
};
