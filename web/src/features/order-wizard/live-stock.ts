import { useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ProductListResponse } from "../../../../domain/contracts/products";
import { useEvents } from "../../api/socket";
import { wizardKeys } from "./api";

type ProductRows = z.infer<typeof ProductListResponse>["results"];

/**
 * The stock the seller sees is the stock now: each product.stock_changed (another seller's
 * order, a cancel, a hand correction) rewrites that product's quantity in the wizard's lists
 * in place, with no request; the low-stock panel, whose rows may come or go, is asked again.
 */
export function useLiveStock() {
  const client = useQueryClient();
  useEvents("product.stock_changed", (event) => {
    const id = Number(event.data.product_id);
    const quantity = String(event.data.quantity);
    client.setQueriesData<ProductRows>({ queryKey: ["products", "wizard"] }, (rows) => rows?.map((row) => (row.PK_Products === id ? { ...row, Quantity: quantity } : row)));
    void client.invalidateQueries({ queryKey: wizardKeys.lowStock });
  });
}
