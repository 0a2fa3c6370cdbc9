import { priceOf, toCentavos, toGrams, type Centavos } from "./money";

export interface RemitoLine {
  Type: string;
  Amount: string;
  Weight: string;
  Unit_Price: string;
}

/**
 * A printed line's subtotal, as the order was priced (SPEC.md §4): a promotion costs its price
 * per unit, KG and UN lines the price per kilogram times their weight; freezer lines carry price 0.
 */
export const lineSubtotal = (line: RemitoLine): Centavos =>
  priceOf(toCentavos(line.Unit_Price), line.Type === "PROMO" ? toGrams(line.Amount) : toGrams(line.Weight));

/** What the remito calls a line's unit price: per kilogram, or per promotion. */
export const unitPriceLabel = (type: string) => (type === "PROMO" ? "por promo" : "por kg");

/** The two papers the remito and the route sheet print on: an A4 sheet or an 80 mm thermal roll. */
export const PAPERS = {
  a4: { label: "A4", page: "A4", margin: "12mm" },
  "80mm": { label: "80 mm", page: "80mm auto", margin: "3mm" },
} as const;
export type Paper = keyof typeof PAPERS;
export const paperOf = (value: string | null): Paper => (value === "80mm" ? "80mm" : "a4");
