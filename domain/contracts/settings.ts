import { z } from "zod";
import { recordId } from "./catalog-common";

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
