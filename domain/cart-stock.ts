import { lineWeight, type CartLine, type CatalogProduct } from "./cart";
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
