import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { productRemovalOf, productUpdateOf, stockChangeOf, type ProductChange } from "@domain/live-stock";
import { useEvents } from "./socket";

const READERS: Record<string, (data: Record<string, unknown>) => ProductChange | null> = {
  "product.stock_changed": stockChangeOf,
  "product.updated": productUpdateOf,
  "product.deleted": productRemovalOf,
};

/**
 * Calls `apply` with each product event: product.stock_changed (an order anywhere, a cancel,
 * a hand correction), product.updated (a new name, price or weight) and product.deleted. Each
 * feature writes the product as it is now into its own cached rows, or takes it out, with no
 * request.
 */
export function useProductChanges(apply: (change: ProductChange, client: QueryClient) => void) {
  const client = useQueryClient();
  useEvents("product.", (event) => {
    const change = READERS[event.type]?.(event.data);
    if (change) apply(change, client);
  });
}
