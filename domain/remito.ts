import { formatKilos, formatLineQuantity, formatMoney, priceOf, toCentavos, toGrams, type Centavos } from "./money";

export interface RemitoLine {
  Type: string;
  Amount: string;
  Weight: string;
  Unit_Price: string;
  /** The weight really packed, once weighed at preparation (issue 41): the line is billed by it. */
  Picked_Weight?: string | null;
}

/** The weight a line is billed by: the real one once weighed, else the ordered one. */
const billedWeight = (line: RemitoLine) => toGrams(line.Picked_Weight ?? line.Weight);

/**
 * A printed line's subtotal, as the order was priced (SPEC.md §4): a promotion costs its price
 * per unit, KG and UN lines the price per kilogram times their weight; freezer lines carry price 0.
 */
export const lineSubtotal = (line: RemitoLine): Centavos =>
  priceOf(toCentavos(line.Unit_Price), line.Type === "PROMO" ? toGrams(line.Amount) : billedWeight(line));

/** What the remito calls a line's unit price: per kilogram, or per promotion. */
const unitPriceLabel = (type: string) => (type === "PROMO" ? "por promo" : "por kg");

/**
 * A line as the client checks it on paper and the office on screen: how many were ordered, what
 * they weigh, the price per kilogram (or per promotion) and what they cost. A UN line shows its
 * weight, since its price is per kilogram: '3 u. · 1,8 kg × $ 5.400,00 por kg'.
 */
export function lineFigures(line: RemitoLine) {
  const quantity = formatLineQuantity(line.Amount, line.Type === "KG" ? "KG" : "UN");
  const picked = line.Type !== "PROMO" && line.Picked_Weight != null;
  // A weighed line says both figures: '19,6 kg (pedido 20 kg)'.
  const weight = picked
    ? `${formatKilos(billedWeight(line))} (pedido ${formatKilos(toGrams(line.Weight))})`
    : formatKilos(toGrams(line.Weight));
  const amount = formatMoney(toCentavos(line.Unit_Price));
  const per = unitPriceLabel(line.Type);
  const price = `${amount} ${per}`;
  // A KG line's weight is its quantity, unless it was weighed at preparation to another figure.
  const weighed = picked || line.Type !== "KG" || toGrams(line.Weight) !== toGrams(line.Amount);
  return {
    quantity,
    weight,
    price,
    /** The price in its two parts, for a narrow column that puts 'por kg' under the amount. */
    priceParts: { amount, per },
    subtotal: formatMoney(lineSubtotal(line)),
    /** The 80 mm roll's one line: '3 u. · 1,8 kg × $ 5.400,00 por kg'. */
    summary: `${weighed ? `${quantity} · ${weight}` : quantity} × ${price}`,
  };
}

/** The two papers the remito and the route sheet print on: an A4 sheet or an 80 mm thermal roll. */
export const PAPERS = {
  a4: { label: "A4", page: "A4", margin: "12mm" },
  "80mm": { label: "80 mm", page: "80mm auto", margin: "3mm" },
} as const;
export type Paper = keyof typeof PAPERS;
export const paperOf = (value: string | null): Paper => (value === "80mm" ? "80mm" : "a4");
