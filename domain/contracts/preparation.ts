import { z } from "zod";
import { BoardOrderRow } from "./boards";
import { text } from "./text";

/** SPEC.md §9: checklist ticks expire 24 hours after they were last changed. */
export const CHECKLIST_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * One product of an order as a batch's pick list sums it: [product id, KG or UN, amount to 3
 * decimals, in kilograms or units]. A preparation card carries its order's, so a board builds a
 * changed batch's pick list from the cards it holds.
 */
export const PreparationLine = z.tuple([z.number(), z.enum(["KG", "UN"]), text()]);
export type PreparationLine = z.infer<typeof PreparationLine>;

/** An order's card on the preparation board: its board row and what it adds to a pick list. */
export const PreparationCard = BoardOrderRow.extend({ lines: z.array(PreparationLine) });
export type PreparationCard = z.infer<typeof PreparationCard>;

export const PickListLine = z.object({
  product_id: z.number(),
  product_name: text(),
  Type: z.enum(["KG", "UN"]),
  Amount: text(),
});

export const PreparationBatch = z.object({
  id: text(),
  zone: text().nullable(),
  zone_id: z.number().nullable(),
  delivery_date: text(),
  time_slot: text().nullable(),
  time_slot_id: z.number().nullable(),
  order_count: z.number(),
  total_weight: text(),
  route_distance_m: z.number(),
  maps_url: text().nullable(),
  whatsapp_url: text(),
  without_coordinates: z.array(z.number()),
  orders: z.array(PreparationCard),
  pick_list: z.array(PickListLine),
});
export type PreparationBatch = z.infer<typeof PreparationBatch>;
export type PickListLine = z.infer<typeof PickListLine>;

export const PreparationBoard = z.object({
  summary: z.object({ suggested_groups: z.number(), orders_covered: z.number() }),
  batches: z.array(PreparationBatch),
});
export type PreparationBoard = z.infer<typeof PreparationBoard>;
