import { z } from "zod";
import { text } from "./text";
import { optionalRecordId } from "./catalog-common";
import { typedDate } from "./dates";

export const COMMISSION_MESSAGES = {
  dates: "Seleccioná una fecha de inicio y una fecha final.",
  seller: "Seleccioná un vendedor.",
  range: "La fecha final no puede ser anterior a la de inicio.",
  rate: "Ingresá un porcentaje de comisión entre 0 y 100.",
} as const;

// SPEC.md §9: typed two-digit years are read as 19xx above 50, else 20xx.
const isoDate = typedDate(COMMISSION_MESSAGES.dates);

export const CommissionSetup = z.object({
  group: text(),
  is_admin: z.boolean(),
  sellers: z.array(z.object({ id: z.number(), full_name: text(), username: text() })),
  defaultSellerId: z.number().nullable(),
  rate: text(),
  includes_shipping: z.boolean(),
});
export type CommissionSetup = z.infer<typeof CommissionSetup>;

export const CommissionRequest = z
  .object({
    start_date: isoDate,
    end_date: isoDate,
    seller_id: optionalRecordId(COMMISSION_MESSAGES.seller, null),
  })
  .refine((r) => r.start_date <= r.end_date, { message: COMMISSION_MESSAGES.range, path: ["end_date"] });
export type CommissionRequest = z.infer<typeof CommissionRequest>;

export const CommissionResult = z.object({
  commission: text(),
  total_seller_sales: text(),
  total_range_sales: text(),
  most_expensive_orders: z.array(
    z.object({ order_id: z.number(), client_name: text(), final_price: text(), create_date: text() }),
  ),
  seller_id: z.number(),
  rate: text(),
});
export type CommissionResult = z.infer<typeof CommissionResult>;

export const CommissionSettingsRequest = z.object({
  rate: z.coerce
    .number({ error: COMMISSION_MESSAGES.rate })
    .min(0, COMMISSION_MESSAGES.rate)
    .max(100, COMMISSION_MESSAGES.rate),
  includes_shipping: z.boolean(),
});
