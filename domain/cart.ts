import { toCentavos, toGrams, type Centavos, type Grams } from "./money";
import { priceLine, type LineType } from "./pricing";
import { isPromotion } from "./promotions";
import { parseQuantity } from "./quantity";

/** SPEC.md §3 cart item; units kept as typed text so "1,5" survives editing. */
export interface CartLine {
  productId: number;
  productName: string;
  units: string;
  type: LineType;
  virtual_freezer: boolean;
  vfLimit: number | null;
  /** The unit price the seller was shown when the line went in (the order's, when modifying): a line repriced since is marked. */
  quotedPrice?: string;
}

export interface CatalogProduct {
  PK_Products: number;
  Name: string;
  Quantity: string;
  Price: string;
  Unit_Weight: string;
  If_Weight: boolean;
  Promotions: string | null;
}

export const CART_MESSAGES = {
  notByUnit: "Este producto no puede venderse por unidad.",
  promoType: "No se puede cambiar el tipo de un producto en promoción.",
  freezerEmpty: "No hay stock disponible en el Freezer Virtual para este producto.",
  freezerExceeded: "No puedes superar la cantidad disponible en el Freezer Virtual.",
  /** A line whose product was taken off sale since it went into the cart. */
  offSale: "Ya no está a la venta: quitalo del pedido.",
} as const;

export type CartOutcome =
  | { ok: true; items: CartLine[]; warning?: string }
  | { ok: false; message: string }
  /** The line would take more than the stock: SPEC.md's warning modal decides. */
  | { ok: false; stockWarning: { productId: number; desiredKg: number; stockKg: number; items: CartLine[] } };

const milli = (line: CartLine) => {
  const parsed = parseQuantity(line.units, line.type);
  return parsed.ok ? parsed.milliUnits : 0;
};

/** Weight a line takes (grams): KG its units; UN and PROMO units × unit weight. */
export function lineWeight(line: CartLine, product: CatalogProduct): Grams {
  return priceLine({
    type: line.type,
    milliUnits: milli(line),
    price: 0,
    unitWeight: toGrams(product.Unit_Weight),
    weighted: true,
    virtualFreezer: false,
  }).weight;
}

export function linePrice(line: CartLine, product: CatalogProduct) {
  return priceLine({
    type: line.type,
    milliUnits: milli(line),
    price: toCentavos(product.Price),
    unitWeight: toGrams(product.Unit_Weight),
    weighted: product.If_Weight,
    virtualFreezer: line.virtual_freezer,
  });
}

/** Freezer availability = freezer quantity − units already in the cart (KG to 3 decimals, others down), never below 0. */
export function freezerAvailable(freezerQuantity: number, type: LineType, unitsInCart: number): number {
  const left = Math.max(0, freezerQuantity - unitsInCart);
  return type === "KG" ? Math.round(left * 1000) / 1000 : Math.floor(left);
}

/** Freezer units a cart already holds of a product. */
export const freezerUnitsInCart = (items: CartLine[], productId: number) =>
  items
    .filter((l) => l.virtual_freezer && l.productId === productId)
    .reduce((sum, l) => sum + Number(l.units.replace(",", ".")), 0);

/**
 * What the client's freezer holds for this order: its balance, plus what the order being
 * modified already took from it (the server gives that back before taking the new lines).
 */
export function freezerHolding(balance: number, productId: number, oldCart: CartLine[]): number {
  return Math.round((balance + freezerUnitsInCart(oldCart, productId)) * 1000) / 1000;
}

/** Freezer lines keep their cap (vfLimit), those loaded from an order being modified included. */
export function capFreezerLines(
  items: CartLine[],
  freezer: { PK_Products: number; Quantity: string }[],
  oldCart: CartLine[],
): CartLine[] {
  let changed = false;
  const capped = items.map((line) => {
    if (!line.virtual_freezer || line.vfLimit !== null) return line;
    const balance = freezer.find((f) => f.PK_Products === line.productId);
    changed = true;
    return { ...line, vfLimit: freezerHolding(Number(balance?.Quantity ?? 0), line.productId, oldCart) };
  });
  return changed ? capped : items;
}

function checkStock(items: CartLine[], line: CartLine, product: CatalogProduct): CartOutcome {
  if (line.virtual_freezer) return { ok: true, items };
  const desired = lineWeight(line, product);
  const stock = toGrams(product.Quantity);
  if (desired > stock)
    return {
      ok: false,
      stockWarning: { productId: line.productId, desiredKg: desired / 1000, stockKg: stock / 1000, items },
    };
  return { ok: true, items };
}

const replace = (items: CartLine[], next: CartLine) =>
  items.map((l) => (l.productId === next.productId && l.virtual_freezer === next.virtual_freezer ? next : l));

/**
 * A product's new line, quoting the price the seller is shown now. A freezer line (a
 * `vfLimit`) is the client's own goods: it costs nothing, whatever the price.
 */
export function lineOf(
  product: CatalogProduct,
  { units, type, vfLimit }: { units: string; type: LineType; vfLimit: number | null },
): CartLine {
  const fromFreezer = vfLimit !== null;
  return {
    productId: product.PK_Products,
    productName: product.Name,
    units,
    type,
    virtual_freezer: fromFreezer,
    vfLimit,
    ...(fromFreezer ? {} : { quotedPrice: product.Price }),
  };
}

/** Adding a product with a line adds one unit; a promo goes in as PROMO, others as KG. */
export function addProduct(
  items: CartLine[],
  product: CatalogProduct,
  freezer?: { quantity: number; type: LineType },
): CartOutcome {
  const fromFreezer = !!freezer;
  const existing = items.find((l) => l.productId === product.PK_Products && l.virtual_freezer === fromFreezer);
  if (existing) return setUnits(items, existing, String(Number(existing.units.replace(",", ".")) + 1), product);
  const type: LineType = freezer?.type ?? (isPromotion(product.Promotions) ? "PROMO" : "KG");
  if (freezer && freezer.quantity <= 0) return { ok: false, message: CART_MESSAGES.freezerEmpty };
  // A freezer line keeps the freezer's type: one the product cannot take (UN without a unit
  // weight) is refused now, not with the whole order at confirmation (SPEC.md §5).
  const refusal = freezer
    ? typeRefusal(type, { promotions: product.Promotions, unitWeight: product.Unit_Weight })
    : null;
  if (refusal) return { ok: false, message: refusal };
  // A freezer holding less than one starts the line at what it holds, with the cap's warning
  // (SPEC.md §4): one tap must not ask for more than the freezer has.
  if (freezer && freezer.quantity < 1) {
    const line = lineOf(product, { units: String(freezer.quantity), type, vfLimit: freezer.quantity });
    return { ok: true, items: [...items, line], warning: CART_MESSAGES.freezerExceeded };
  }
  const line = lineOf(product, { units: "1", type, vfLimit: freezer ? freezer.quantity : null });
  return checkStock([...items, line], line, product);
}

/** The cart without this line. */
export const removeLine = (items: CartLine[], line: CartLine): CartOutcome => ({
  ok: true,
  items: items.filter((l) => !(l.productId === line.productId && l.virtual_freezer === line.virtual_freezer)),
});

/** A quantity at or below zero removes the line; freezer lines stop at the freezer's balance. */
export function setUnits(items: CartLine[], line: CartLine, units: string, product: CatalogProduct): CartOutcome {
  const parsed = parseQuantity(units, line.type);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  if (parsed.milliUnits <= 0) return removeLine(items, line);
  if (line.vfLimit !== null && parsed.milliUnits > Math.round(line.vfLimit * 1000)) {
    return {
      ok: true,
      items: replace(items, { ...line, units: String(line.vfLimit) }),
      warning: CART_MESSAGES.freezerExceeded,
    };
  }
  const next = { ...line, units };
  return checkStock(replace(items, next), next, product);
}

/** A line's type must fit its product: a promotion only as PROMO, UN only with a unit weight (SPEC.md §5). */
export function typeRefusal(type: LineType, product: { promotions: string | null; unitWeight: string }): string | null {
  if (isPromotion(product.promotions) !== (type === "PROMO")) return CART_MESSAGES.promoType;
  if (type === "UN" && toGrams(product.unitWeight) <= 0) return CART_MESSAGES.notByUnit;
  return null;
}

/** Changing to UN needs a unit weight and sets one unit; promos and freezer lines keep their type. */
export function changeType(items: CartLine[], line: CartLine, type: LineType, product: CatalogProduct): CartOutcome {
  if (line.type === "PROMO" || isPromotion(product.Promotions)) return { ok: false, message: CART_MESSAGES.promoType };
  if (line.virtual_freezer) return { ok: true, items };
  const refusal = typeRefusal(type, { promotions: product.Promotions, unitWeight: product.Unit_Weight });
  if (refusal) return { ok: false, message: refusal };
  const next = { ...line, type, units: type === "UN" ? "1" : line.units };
  return checkStock(replace(items, next), next, product);
}

export interface CartTotals {
  weight: Grams;
  total: Centavos;
  distinct: number;
}

/** Totals of SPEC.md §3: weight (weighed products only), total and distinct products. */
export function cartTotals(items: CartLine[], catalog: Map<number, CatalogProduct>): CartTotals {
  let weight = 0;
  let total = 0;
  for (const line of items) {
    const product = catalog.get(line.productId);
    if (!product) continue;
    const priced = linePrice(line, product);
    weight += priced.countedWeight;
    total += priced.total;
  }
  return { weight, total, distinct: new Set(items.map((l) => l.productId)).size };
}
