import { z } from "zod";
import { text } from "./text";

/** The home screen's figures: today's, for the signed-in group (issue 16 §2). Money as 2-decimal strings. */
const SalesFigures = z.object({
  kind: z.literal("sales"),
  /** A Vendedor's own orders; an Admin's, everyone's. */
  own: z.boolean(),
  orders_today: z.number(),
  sales_today: text(),
  /** The same weekday a week ago, up to the same time of day. */
  orders_last_week: z.number(),
  sales_last_week: text(),
});

const PreparationFigures = z.object({
  kind: z.literal("preparation"),
  orders_to_prepare: z.number(),
  /** Kilograms, 3 decimals. */
  weight_to_prepare: text(),
  batches_left: z.number(),
});

const DispatchFigures = z.object({
  kind: z.literal("dispatch"),
  prepared: z.number(),
  on_the_road: z.number(),
  delivered: z.number(),
  not_delivered: z.number(),
});

const CourierFigures = z.object({
  kind: z.literal("courier"),
  stops_left: z.number(),
  cash_to_collect: text(),
});

export const HomeFigures = z.object({
  /** Today in Buenos Aires, YYYY-MM-DD. */
  date: text(),
  figures: z.discriminatedUnion("kind", [SalesFigures, PreparationFigures, DispatchFigures, CourierFigures]),
});
export type HomeFigures = z.infer<typeof HomeFigures>;
export type HomeFigureSet = HomeFigures["figures"];

export const DailySales = z.object({
  own: z.boolean(),
  /** The last 14 days in Buenos Aires, oldest first, today last; days without orders at 0. */
  days: z.array(z.object({ date: text(), orders: z.number(), sales: text() })),
});
export type DailySales = z.infer<typeof DailySales>;

export const SALES_CHART_DAYS = 14;
