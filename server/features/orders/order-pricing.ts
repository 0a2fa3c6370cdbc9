import { todayInBuenosAires } from "@domain/calendar";
import { ORDER_MESSAGES, type SubmitOrderRequest } from "@domain/contracts/orders";
import { centavosToDecimal, gramsToDecimal, toCentavos, toGrams } from "@domain/money";
import type { Executor } from "../../db/types";
import { Conflict, Invalid } from "../../errors";
import { type PricedCart, priceCart } from "./cart-pricing";
import * as repo from "./repository";
import { deliveryIds, type ResolvedDelivery, resolveDelivery } from "./resolve-delivery";

/** What the cart is priced against; `key` also finds an order already made with it. */
export async function readOrderInputs(db: Executor, request: SubmitOrderRequest, sellerId: number, key: string | null) {
  if (!request.cart.items.length) throw new Invalid(ORDER_MESSAGES.emptyCart);
  return repo.orderInputs(db, {
    productIds: [...new Set(request.cart.items.map((i) => i.productId))],
    clientId: request.client_id,
    delivery: deliveryIds(request.orderData),
    idempotencyKey: key,
    sellerId,
  });
}

/** Prices the cart from the catalogue; the writes re-check what can change meanwhile (stock, freezer). */
export function priceOrder(
  request: SubmitOrderRequest,
  inputs: repo.OrderInputs,
  heldByOrder = new Map<number, number>(),
  /** A modified order's own delivery date, which it may keep even once past. */
  keptDate: string | null = null,
) {
  if (!inputs.client) throw new Invalid(ORDER_MESSAGES.unknownClient, { client_id: ORDER_MESSAGES.unknownClient });
  const delivery = resolveDelivery(request.orderData, inputs.references, {
    today: todayInBuenosAires(),
    kept: keptDate,
  });
  const products = new Map(inputs.products.map((p) => [p.id, p]));
  // A modification may use again what the order already holds in the freezer.
  const freezer = new Map(
    inputs.freezer.map((f) => [
      f.productId,
      { ...f, quantity: gramsToDecimal(toGrams(f.quantity) + (heldByOrder.get(f.productId) ?? 0)) },
    ]),
  );
  for (const [productId, held] of heldByOrder)
    if (!freezer.has(productId)) freezer.set(productId, { productId, quantity: gramsToDecimal(held) });
  const cart = priceCart(request.cart.items, products, freezer);
  if (!cart.lines.length) throw new Invalid(ORDER_MESSAGES.emptyCart);
  return { cart, delivery, names: new Map(inputs.products.map((p) => [p.id, p.name])) };
}

/** The refusal of a write that found a product short of stock or of the client's freezer. */
export const shortage = (kind: "stock" | "freezer", productId: number, names: Map<number, string>) =>
  new Conflict(kind === "stock" ? ORDER_MESSAGES.noStock : ORDER_MESSAGES.freezerExceeded, {
    product_id: productId,
    product_name: names.get(productId) ?? null,
  });

/** Takes stock and freezer by these amounts, refused with the first product short of either. */
export async function takeStock(
  tx: Executor,
  clientId: number,
  stock: Map<number, number>,
  freezer: Map<number, number>,
  names: Map<number, string>,
) {
  const [short, empty] = await Promise.all([repo.applyStock(tx, stock), repo.applyFreezer(tx, clientId, freezer)]);
  if (short !== null) throw shortage("stock", short, names);
  if (empty !== null) throw shortage("freezer", empty, names);
}

/** What the client pays: the cart and the shipping. */
export const finalOf = (cart: PricedCart, delivery: ResolvedDelivery) => cart.total + toCentavos(delivery.shippingCost);
/** The order's stored amounts of a priced cart. */
export const amounts = (cart: PricedCart, delivery: ResolvedDelivery) => ({
  totalPrice: centavosToDecimal(cart.total),
  finalPrice: centavosToDecimal(finalOf(cart, delivery)),
  totalWeight: gramsToDecimal(cart.weight),
  distinctProducts: cart.distinct,
  hasFv: cart.hasFv,
});
