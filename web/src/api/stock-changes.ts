import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { stockChangeOf, type StockChange } from "../../../domain/live-stock";
import { useEvents } from "./socket";

/**
 * Calls `apply` with each product.stock_changed (an order anywhere, a cancel, a hand
 * correction): each feature writes the new quantity into its own cached rows, with no request.
 */
export function useStockChanges(apply: (change: StockChange, client: QueryClient) => void) {
  const client = useQueryClient();
  useEvents("product.stock_changed", (event) => {
    const change = stockChangeOf(event.data);
    if (change) apply(change, client);
  });
}
