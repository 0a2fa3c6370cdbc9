import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Shipment } from "../../../domain/contracts/clients";
import { SHIPPING_COST_MESSAGE, ShippingCostRequest } from "../../../domain/contracts/settings";
import { centavosToDecimal, toCentavos } from "../../../domain/money";
import type { Database } from "../../db/types";
import { Invalid } from "../../errors";
import { listShipments } from "../clients/repository";
import { updateShippingPrice } from "./repository";

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/get-shipments-jwt/", {
    config: { permission: "shipping.edit" },
    schema: { response: { 200: z.array(Shipment) } },
    handler: async () => (await listShipments(db)).map((s) => ({ PK_Shipments: s.id, Name: s.name, Price: s.price })),
  });

  // New orders take the zone's price at confirmation; confirmed orders keep theirs.
  app.post("/update-shipping-cost/", {
    config: { permission: "shipping.edit" },
    schema: { body: ShippingCostRequest, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } },
    handler: async (request) => {
      const price = centavosToDecimal(toCentavos(request.body.price));
      if (!(await updateShippingPrice(db, request.body.zone_id, price))) throw new Invalid(SHIPPING_COST_MESSAGE, { zone_id: SHIPPING_COST_MESSAGE });
      return { success: true as const, message: "Costo de envío actualizado correctamente." };
    },
  });
};
