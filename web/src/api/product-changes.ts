import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { productUpdateOf, stockChangeOf, type ProductChange } from "../../../domain/live-stock";
import { useEvents } from "./socket";

/**
 * Calls `apply` with each product event: product.stock_changed (an order anywhere, a cancel,
 * a hand correction) and product.updated (a new name, price or weight). Each feature writes
 * the product as it is now into its own cached rows, with no request.
 */
export function useProductChanges(apply: (change: ProductChange, client: QueryClient) => void) {
  const client = useQueryClient();
  useEvents("product.", (event) => {
    const change = event.type === "product.updated" ? productUpdateOf(event.data) : event.type === "product.stock_changed" ? stockChangeOf(event.data) : null;
    if (change) apply(change, client);
  });
}
