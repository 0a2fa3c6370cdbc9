import {
  lineOf,
  setUnits,
  typeRefusal,
  CART_MESSAGES,
  type CartLine,
  type CartOutcome,
  type CatalogProduct,
} from "./cart";
import type { LineType } from "./pricing";

/** A line of the client's last order, as it was ordered. */
export interface PastLine {
  productId: number;
  productName: string;
  type: LineType;
  /** The ordered quantity, "2.500". */
  amount: string;
  virtualFreezer: boolean;
}

export const REPEAT_MESSAGES = {
  gone: (name: string) => `${name}: ya no está a la venta.`,
} as const;

const sameLine = (line: CartLine, past: PastLine) =>
  line.productId === past.productId && line.virtual_freezer === past.virtualFreezer;

/**
 * 'Repetir último pedido', one line: the past quantity goes into the cart through the cart's
 * own rules, priced and checked against today's catalogue (so a short stock asks the stock
 * warning, a freezer line stops at what the freezer holds). A product the seller already put
 * in the cart keeps the seller's quantity: null, nothing to do.
 *
 * `freezerHolding`: what the client's freezer holds of the product for this order.
 */
export function repeatLine(
  items: CartLine[],
  past: PastLine,
  product: CatalogProduct | undefined,
  freezerHolding = 0,
): CartOutcome | null {
  if (items.some((line) => sameLine(line, past))) return null;
  if (!product) return { ok: false, message: REPEAT_MESSAGES.gone(past.productName) };
  if (past.virtualFreezer && freezerHolding <= 0)
    return { ok: false, message: `${product.Name}: ${CART_MESSAGES.freezerEmpty}` };
  const refusal = past.virtualFreezer
    ? null
    : typeRefusal(past.type, { promotions: product.Promotions, unitWeight: product.Unit_Weight });
  if (refusal) return { ok: false, message: `${product.Name}: ${refusal}` };
  const line = lineOf(product, { units: "0", type: past.type, vfLimit: past.virtualFreezer ? freezerHolding : null });
  return setUnits([...items, line], line, String(Number(past.amount)), product);
}
