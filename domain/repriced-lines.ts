import type { CartLine, CatalogProduct } from "./cart";
import { formatMoneyWizard, toCentavos, type Centavos } from "./money";

/**
 * The cart's lines whose product changed price since the seller was shown it, by product id,
 * with the price quoted then (centavos). The server prices the order from the catalogue as
 * it is when confirmed, so the seller sees the change before telling the client a total.
 * Freezer lines cost nothing; lines from before prices were quoted carry none.
 */
export function repricedLines(items: CartLine[], catalog: Map<number, CatalogProduct>): Map<number, Centavos> {
  const repriced = new Map<number, Centavos>();
  for (const line of items) {
    const product = catalog.get(line.productId);
    if (line.virtual_freezer || !product || line.quotedPrice === undefined) continue;
    const quoted = toCentavos(line.quotedPrice);
    if (quoted !== toCentavos(product.Price)) repriced.set(line.productId, quoted);
  }
  return repriced;
}

/** The mark on a repriced line (products and confirm steps): unit prices, as the product list shows them. */
export const repricedLineText = (quoted: Centavos, product: CatalogProduct) =>
  `Precio actualizado: antes ${formatMoneyWizard(quoted)}, ahora ${formatMoneyWizard(toCentavos(product.Price))}`;
