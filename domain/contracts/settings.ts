import { z } from "zod";
import { recordId } from "./catalog-common";
import { COLD_CHAIN_MESSAGES, MAX_C, MIN_C } from "../cold-chain";

export const SHIPPING_COST_MESSAGE = "Seleccione una zona y un precio válido.";

export const ShippingCostRequest = z.object({
  zone_id: recordId(SHIPPING_COST_MESSAGE),
  price: z.unknown().transform((value, ctx) => {
    const text =
      typeof value === "number" ? String(value) : typeof value === "string" ? value.trim().replace(",", ".") : "";
    const price = text === "" ? NaN : Number(text);
    if (!Number.isFinite(price) || price < 0 || price >= 1e9) {
      ctx.addIssue({ code: "custom", message: SHIPPING_COST_MESSAGE });
      return z.NEVER;
    }
    return price;
  }),
});

/** `GET`/`PUT /api/settings/cold-chain/`: whether 'Entregado' asks the temperature, and the warmest allowed (°C, 1 decimal). */
export const ColdChainSetting = z.object({
  required: z.boolean({ error: "Indicá si se pide la temperatura." }),
  max_c: z.coerce
    .number({ error: COLD_CHAIN_MESSAGES.maxRange })
    .min(MIN_C, COLD_CHAIN_MESSAGES.maxRange)
    .max(MAX_C, COLD_CHAIN_MESSAGES.maxRange)
    .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6, COLD_CHAIN_MESSAGES.maxRange),
});
