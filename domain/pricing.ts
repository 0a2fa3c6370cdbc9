import { priceOf, type Centavos, type Grams } from "./money";

export type LineType = "KG" | "UN" | "PROMO";

export interface PricedLineInput {
  type: LineType;
  /** Thousandths of the line's unit: grams for KG, milli-units for UN and PROMO. */
  milliUnits: number;
  /** Product price: per kilogram, or per promotion for PROMO. */
  price: Centavos;
  unitWeight: Grams;
  /** Weighed in the order (If_Weight): only these add to the order's weight. */
  weighted: boolean;
  virtualFreezer: boolean;
}

export interface PricedLine {
  /** Weight the line takes from stock, in grams. */
  weight: Grams;
  /** Weight the line adds to the order's total weight. */
  countedWeight: Grams;
  total: Centavos;
}

/**
 * SPEC.md §4: KG weighs its units; UN and PROMO weigh units × unit weight. A PROMO costs
 * its price × units; KG and UN cost the per-kilogram price × weight. Freezer lines cost 0.
 */
export function priceLine(line: PricedLineInput): PricedLine {
  const weight = line.type === "KG" ? line.milliUnits : Math.round((line.milliUnits * line.unitWeight) / 1000);
  const billed = line.type === "PROMO" ? line.milliUnits : weight;
  return {
    weight,
    countedWeight: line.weighted ? weight : 0,
    total: line.virtualFreezer ? 0 : priceOf(line.price, billed),
  };
}

export interface OrderTotals {
  weight: Grams;
  total: Centavos;
  distinct: number;
}

export function orderTotals(lines: (PricedLine & { productId: number })[]): OrderTotals {
  return {
    weight: lines.reduce((sum, l) => sum + l.countedWeight, 0),
    total: lines.reduce((sum, l) => sum + l.total, 0),
    distinct: new Set(lines.map((l) => l.productId)).size,
  };
}
