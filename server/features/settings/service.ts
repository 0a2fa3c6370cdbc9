import { SHIPPING_COST_MESSAGE } from "../../../domain/contracts/settings";
import { centavosToDecimal, toCentavos } from "../../../domain/money";
import type { Database } from "../../db/types";
import { Invalid } from "../../errors";
import { listShipments } from "../clients";
import { recordAudit } from "../audit";
import { lockShipment, updateShippingPrice } from "./repository";

export function createSettingsService({ db }: { db: Database }) {
  return {
    shipments: async () => (await listShipments(db)).map((s) => ({ PK_Shipments: s.id, Name: s.name, Price: s.price })),

    // New orders take the zone's price at confirmation; confirmed orders keep theirs.
    async updateShippingCost(zoneId: number, price: number, actorId: number) {
      await db.transaction(async (tx) => {
        const before = await lockShipment(tx, zoneId);
        if (!before) throw new Invalid(SHIPPING_COST_MESSAGE, { zone_id: SHIPPING_COST_MESSAGE });
        const after = await updateShippingPrice(tx, zoneId, centavosToDecimal(toCentavos(price)));
        if (after.price !== before.price) {
          await recordAudit(tx, {
            actorId,
            action: "shipping.cost",
            entity: "shipment",
            entityId: zoneId,
            before,
            after,
          });
        }
      });
      return { success: true as const, message: "Costo de envío actualizado correctamente." };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
