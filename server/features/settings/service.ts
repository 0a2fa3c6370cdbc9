import { SHIPPING_COST_MESSAGE } from "@domain/contracts/settings";
import { centavosToDecimal, toCentavos } from "@domain/money";
import type { Database } from "../../db/types";
import { Invalid } from "../../errors";
import { COLD_CHAIN_MESSAGES, type ColdChainSetting } from "@domain/cold-chain";
import { listShipments } from "../clients";
import { readColdChain, writeColdChain } from "./cold-chain-repository";
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

    coldChain: () => readColdChain(db),

    /** A change of what deliveries must meet: audited like the shipping costs. */
    async saveColdChain(value: ColdChainSetting, actorId: number) {
      const saved = { required: value.required, max_c: Math.round(value.max_c * 10) / 10 };
      await db.transaction(async (tx) => {
        const before = await readColdChain(tx);
        await writeColdChain(tx, saved);
        if (before.required !== saved.required || before.max_c !== saved.max_c)
          await recordAudit(tx, {
            actorId,
            action: "settings.cold_chain",
            entity: "settings",
            entityId: 0,
            before,
            after: saved,
          });
      });
      return { ...saved, success: true as const, message: COLD_CHAIN_MESSAGES.saved };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
