/** SPEC.md §3/§9: a promotion holds up to 4 product ids joined by '-', 0 meaning none. */
const MAX_PROMOTION_PRODUCTS = 4;
const EMPTY_MARKERS = new Set(["", "NONE", "NULL", "0"]);

function promotionParts(promotions: string | null | undefined): string[] {
  return (promotions ?? "").split("-").map((part) => part.trim());
}

/** A product counts as a promotion when any promotion field is non-empty and not NONE, NULL or 0. */
export function isPromotion(promotions: string | null | undefined): boolean {
  return promotionParts(promotions).some((part) => !EMPTY_MARKERS.has(part.toUpperCase()));
}

/** The product ids a promotion holds, in order, without the empty slots. */
export function promotionProductIds(promotions: string | null | undefined): number[] {
  return promotionParts(promotions)
    .filter((part) => !EMPTY_MARKERS.has(part.toUpperCase()))
    .map(Number);
}

export type PromotionParseResult = { ok: true; ids: number[]; text: string } | { ok: false; message: string };

/** Reads an edited promotion field: ids only, at most four, padded with 0 to four slots. */
export function parsePromotion(text: string): PromotionParseResult {
  const parts = promotionParts(text).filter((part) => part !== "");
  if (parts.length > MAX_PROMOTION_PRODUCTS)
    return { ok: false, message: "Una promoción puede tener hasta 4 productos." };
  if (!parts.every((part) => /^\d+$/.test(part)))
    return { ok: false, message: "La promoción debe ser una lista de IDs de producto separados por '-'." };
  const ids = parts.map(Number).filter((id) => id !== 0);
  if (!ids.length) return { ok: false, message: "La promoción debe incluir al menos un producto." };
  const slots = [...parts.map(Number), 0, 0, 0, 0].slice(0, MAX_PROMOTION_PRODUCTS);
  return { ok: true, ids, text: slots.join("-") };
}
