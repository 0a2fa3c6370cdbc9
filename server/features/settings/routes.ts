import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "../../../domain/contracts/text";
import { Shipment } from "../../../domain/contracts/clients";
import { ShippingCostRequest } from "../../../domain/contracts/settings";
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
};
