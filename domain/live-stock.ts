import { ProductDeletedData, ProductUpdatedData } from "./contracts/event-data";
import { LOW_STOCK_KG, type Product } from "./contracts/products";
import { toGrams } from "./money";

/**
 * What product.stock_changed carries (DESIGN.md §6): a product and its quantity now, in kg;
 * product.updated also carries its row as the lists show it (name, price, weight…).
 */
export interface ProductChange {
  productId: number;
  quantity: string;
  /** product.updated: the whole row, which replaces the listed one. */
  row?: Product;
  /** product.deleted: the product is off sale and leaves every list (its quantity says 0). */
  removed?: true;
}

interface StockRow {
  PK_Products: number;
  Name: string;
  Quantity: string;
}

/** The change an event announces, or null when its data is not one. */
export function stockChangeOf(data: Record<string, unknown>): ProductChange | null {
  const productId = Number(data.product_id);
  const quantity = data.quantity;
  if (!Number.isInteger(productId) || productId <= 0) return null;
  if ((typeof quantity !== "string" && typeof quantity !== "number") || !Number.isFinite(Number(quantity))) return null;
  return { productId, quantity: String(quantity) };
}

/** A product.updated event's change, or null when its data is not one. */
export function productUpdateOf(data: Record<string, unknown>): ProductChange | null {
  const parsed = ProductUpdatedData.safeParse(data);
  return parsed.success
    ? { productId: parsed.data.product.PK_Products, quantity: parsed.data.product.Quantity, row: parsed.data.product }
    : null;
}

/** A product.deleted event's change, or null when its data is not one. */
export function productRemovalOf(data: Record<string, unknown>): ProductChange | null {
  const parsed = ProductDeletedData.safeParse(data);
  return parsed.success ? { productId: parsed.data.product_id, quantity: "0", removed: true } : null;
}

/** Rows with the product as it is now (or without it, off sale); the same array when the product is not among them, so nothing re-renders. */
export function withProductChange<T extends StockRow>(rows: T[], change: ProductChange): T[] {
  if (!rows.some((row) => row.PK_Products === change.productId)) return rows;
  if (change.removed) return rows.filter((row) => row.PK_Products !== change.productId);
  return rows.map((row) =>
    row.PK_Products === change.productId ? { ...row, ...change.row, Quantity: change.quantity } : row,
  );
}

const byName = <T extends StockRow>(rows: T[]) => rows.sort((a, b) => a.Name.localeCompare(b.Name, "es"));

const isLowStock = (quantity: string) => toGrams(quantity) < toGrams(LOW_STOCK_KG);

/**
 * The low-stock panel's rows (under 3 kg, by name) after a change: a product that reached
 * 3 kg leaves, one that fell under it enters when its row is known (`known`, or the row a
 * product.updated carries), at its place by name. null: it entered and its row is not known
 * here, so the panel must ask for it.
 */
export function withLowStock<T extends StockRow>(rows: T[], change: ProductChange, known?: T): T[] | null {
  const low = isLowStock(change.quantity);
  const present = rows.some((row) => row.PK_Products === change.productId);
  if (change.removed) return withProductChange(rows, change);
  if (present && !low) return rows.filter((row) => row.PK_Products !== change.productId);
  // A renamed product moves to its place by name.
  if (present) return byName(withProductChange(rows, change));
  if (!low) return rows;
  if (!known && !change.row) return null;
  const entered = { ...known, ...change.row, Quantity: change.quantity } as T;
  return byName([...rows, entered]);
}
