import type { CartItem } from "@domain/contracts/orders";
import { ORDER_MESSAGES } from "@domain/contracts/orders";
import { centavosToDecimal, gramsToDecimal, toCentavos, toGrams } from "@domain/money";
import { orderTotals, priceLine } from "@domain/pricing";
import { isPromotion } from "@domain/promotions";
import { parseQuantity } from "@domain/quantity";
import { typeRefusal } from "@domain/cart";
import { Conflict, Invalid } from "../../errors";
import type { DetailInsert, OrderInputs } from "./repository";

/** The catalogue and freezer rows an order is priced against, as `orderInputs` reads them. */
type ProductRow = OrderInputs["products"][number];
type FreezerRow = OrderInputs["freezer"][number];

export interface PricedCart {
  lines: DetailInsert[];
  /** Grams each product takes from stock. */
  stock: Map<number, number>;
  /** Milli-units each product takes from the client's freezer. */
  freezer: Map<number, number>;
  total: number;
  weight: number;
  distinct: number;
  hasFv: boolean;
}

const add = (map: Map<number, number>, key: number, amount: number) => map.set(key, (map.get(key) ?? 0) + amount);

/**
 * Recomputes every line from the catalogue: the browser's prices and weights are not
 * trusted. Lines at zero or below are dropped (SPEC.md §5: they remove the line).
 */
export function priceCart(
  items: CartItem[],
  products: Map<number, ProductRow>,
  freezer: Map<number, FreezerRow>,
): PricedCart {
  const result: PricedCart = {
    lines: [],
    stock: new Map(),
    freezer: new Map(),
    total: 0,
    weight: 0,
    distinct: 0,
    hasFv: false,
  };
  const priced: (ReturnType<typeof priceLine> & { productId: number })[] = [];
  items.forEach((item, index) => {
    const product = products.get(item.productId);
    if (!product)
      throw new Invalid(ORDER_MESSAGES.unknownProduct, {
        [`cart.items.${index}.productId`]: ORDER_MESSAGES.unknownProduct,
      });
    const quantity = parseQuantity(item.units, item.type);
    if (!quantity.ok) throw new Invalid(quantity.message, { [`cart.items.${index}.units`]: quantity.message });
    if (quantity.milliUnits <= 0) return;
    const promo = isPromotion(product.promotions);
    const refusal = typeRefusal(item.type, product);
    if (refusal) throw new Invalid(refusal);
    const line = priceLine({
      type: item.type,
      milliUnits: quantity.milliUnits,
      price: toCentavos(product.price),
      unitWeight: toGrams(product.unitWeight),
      weighted: product.ifWeight,
      virtualFreezer: item.virtual_freezer,
    });
    if (item.virtual_freezer) {
      const available = freezer.get(product.id);
      if (!available || toGrams(available.quantity) <= 0)
        throw new Conflict(ORDER_MESSAGES.freezerEmpty, { product_id: product.id, product_name: product.name });
      add(result.freezer, product.id, quantity.milliUnits);
      result.hasFv = true;
    } else {
      add(result.stock, product.id, line.weight);
    }
    priced.push({ ...line, productId: product.id });
    result.lines.push({
      productId: product.id,
      type: item.type,
      amount: gramsToDecimal(quantity.milliUnits),
      weight: gramsToDecimal(line.weight),
      unitPrice: centavosToDecimal(item.virtual_freezer ? 0 : toCentavos(product.price)),
      totalPrice: centavosToDecimal(line.total),
      virtualFreezer: item.virtual_freezer,
      promotions: promo ? product.promotions : null,
      weighted: product.ifWeight,
    });
  });
  for (const [productId, need] of result.freezer) {
    if (need > toGrams(freezer.get(productId)!.quantity)) {
      throw new Conflict(ORDER_MESSAGES.freezerExceeded, {
        product_id: productId,
        product_name: products.get(productId)?.name,
      });
    }
  }
  const totals = orderTotals(priced);
  return { ...result, total: totals.total, weight: totals.weight, distinct: totals.distinct };
}

/** What a set of stored lines took (the real weight of a weighed line): to give back on cancel, or to diff on modify. */
export function takenBy(
  lines: { productId: number; weight: string; pickedWeight: string | null; amount: string; virtualFreezer: boolean }[],
) {
  const stock = new Map<number, number>();
  const freezer = new Map<number, number>();
  for (const line of lines) {
    if (line.virtualFreezer) add(freezer, line.productId, toGrams(line.amount));
    else add(stock, line.productId, toGrams(line.pickedWeight ?? line.weight));
  }
  return { stock, freezer };
}

/** new − old per product: positive takes more, negative gives back. */
export function difference(next: Map<number, number>, previous: Map<number, number>) {
  const delta = new Map<number, number>();
  for (const key of new Set([...next.keys(), ...previous.keys()]))
    delta.set(key, (next.get(key) ?? 0) - (previous.get(key) ?? 0));
  return delta;
}

export const negate = (map: Map<number, number>) => new Map([...map].map(([k, v]) => [k, -v]));
