import { z } from "zod";
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
  group: z.string(),
  is_admin: z.boolean(),
  sellers: z.array(z.object({ id: z.number(), full_name: z.string(), username: z.string() })),
  defaultSellerId: z.number().nullable(),
  rate: z.string(),
  includes_shipping: z.boolean(),
});
export type CommissionSetup = z.infer<typeof CommissionSetup>;

export const CommissionRequest = z
  .object({
    start_date: isoDate,
    end_date: isoDate,
    seller_id: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v))),
  })
  .refine((r) => r.start_date <= r.end_date, { message: COMMISSION_MESSAGES.range, path: ["end_date"] });
export type CommissionRequest = z.infer<typeof CommissionRequest>;

export const CommissionResult = z.object({
  commission: z.string(),
  total_seller_sales: z.string(),
  total_range_sales: z.string(),
  most_expensive_orders: z.array(
    z.object({ order_id: z.number(), client_name: z.string(), final_price: z.string(), create_date: z.string() }),
  ),
  seller_id: z.number(),
  rate: z.string(),
});
export type CommissionResult = z.infer<typeof CommissionResult>;

export const CommissionSettingsRequest = z.object({
  rate: z.coerce
    .number({ error: COMMISSION_MESSAGES.rate })
    .min(0, COMMISSION_MESSAGES.rate)
    .max(100, COMMISSION_MESSAGES.rate),
  includes_shipping: z.boolean(),
});
