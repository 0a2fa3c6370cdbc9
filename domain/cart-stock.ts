import { lineWeight, type CartLine, type CatalogProduct } from "./cart";
import { PRODUCT_MESSAGES } from "./contracts/products";
import { formatKilos, toGrams, type Grams } from "./money";

/** What a modification gives back before taking its new lines: the stock the order already holds of a product. */
function heldByOrder(oldCart: CartLine[], productId: number, product: CatalogProduct): Grams {
  return oldCart
    .filter((l) => !l.virtual_freezer && l.productId === productId)
    .reduce((sum, l) => sum + lineWeight(l, product), 0);
}

/**
 * The cart's lines that the stock no longer covers, by product id, with the stock there is
 * for them (grams): live stock fell under them, and the server would refuse the order
 * (DESIGN.md §5). Freezer lines take no stock; a modification counts what it already holds.
 */
export function shortLines(
  items: CartLine[],
  catalog: Map<number, CatalogProduct>,
  oldCart: CartLine[] = [],
): Map<number, Grams> {
  const short = new Map<number, Grams>();
  for (const line of items) {
    const product = catalog.get(line.productId);
    if (line.virtual_freezer || !product) continue;
    const available = toGrams(product.Quantity) + heldByOrder(oldCart, line.productId, product);
    if (lineWeight(line, product) > available) short.set(line.productId, Math.max(0, available));
  }
  return short;
}

/** The mark on a line the stock no longer covers (products and confirm steps). */
export const shortLineText = (available: Grams) => `Stock insuficiente: quedan ${formatKilos(available)}`;

/** SPEC.md §4: the stock warning's editor starts at, and takes no less than, the larger of the stock and the line. */
export const stockEditorMinimum = (warning: { stockKg: number; desiredKg: number }) =>
  Math.max(warning.stockKg, warning.desiredKg);

/**
 * The stock warning's editor: SPEC.md §5's message for anything but a number of at least 0, and
 * the minimum named for a stock below it (saving it would leave the line short again).
 */
export function stockEditorRefusal(value: number | string, minimumKg: number): string | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return PRODUCT_MESSAGES.stock;
  if (toGrams(value) < toGrams(minimumKg)) return `El stock no puede ser menor a ${formatKilos(toGrams(minimumKg))}.`;
  return null;
}
