import { LOW_STOCK_KG } from "./contracts/products";
import { toGrams } from "./money";

/** What product.stock_changed carries (DESIGN.md §6): a product and its quantity now, in kg. */
export interface StockChange {
  productId: number;
  quantity: string;
}

interface StockRow {
  PK_Products: number;
  Name: string;
  Quantity: string;
}

/** The change an event announces, or null when its data is not one. */
export function stockChangeOf(data: Record<string, unknown>): StockChange | null {
  const productId = Number(data.product_id);
  const quantity = data.quantity;
  if (!Number.isInteger(productId) || productId <= 0) return null;
  if ((typeof quantity !== "string" && typeof quantity !== "number") || !Number.isFinite(Number(quantity))) return null;
  return { productId, quantity: String(quantity) };
}

/** Rows with the product's new quantity; the same array when the product is not among them, so nothing re-renders. */
export function withStock<T extends StockRow>(rows: T[], change: StockChange): T[] {
  if (!rows.some((row) => row.PK_Products === change.productId)) return rows;
  return rows.map((row) => (row.PK_Products === change.productId ? { ...row, Quantity: change.quantity } : row));
}

export const isLowStock = (quantity: string) => toGrams(quantity) < toGrams(LOW_STOCK_KG);

/**
 * The low-stock panel's rows (under 3 kg, by name) after a change: a product that reached
 * 3 kg leaves, one that fell under it enters when its row is known (`known`), at its place
 * by name. null: it entered and its row is not known here, so the panel must ask for it.
 */
export function withLowStock<T extends StockRow>(rows: T[], change: StockChange, known?: T): T[] | null {
  const low = isLowStock(change.quantity);
  const present = rows.some((row) => row.PK_Products === change.productId);
  if (present) return low ? withStock(rows, change) : rows.filter((row) => row.PK_Products !== change.productId);
  if (!low) return rows;
  if (!known) return null;
  const entered = { ...known, Quantity: change.quantity };
  return [...rows, entered].sort((a, b) => a.Name.localeCompare(b.Name, "es"));
}
