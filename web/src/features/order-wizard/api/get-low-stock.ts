import { queryOptions, useQuery } from "@tanstack/react-query";
import { ProductListResponse, type Product } from "@domain/contracts/products";
import { withLowStock } from "@domain/live-stock";
import { get } from "../../../api/http";
import { useProductChanges } from "../../../api/product-changes";
import { wizardKeys } from "./keys";

const getLowStock = async () => ProductListResponse.parse(await get("/products/?filter=bajo_stock")).results;

const lowStockOptions = () => queryOptions({ queryKey: wizardKeys.lowStock, queryFn: getLowStock });

/**
 * Step 1's products under 3 kg, live: a stock change moves a row in or out in place. Only a
 * product that falls under 3 kg and whose row this tab has not loaded makes the panel ask.
 */
export function useLowStock() {
  useProductChanges((change, client) => {
    const rows = client.getQueryData<Product[]>(wizardKeys.lowStock);
    if (!rows) return;
    const known = client
      .getQueriesData<Product[]>({ queryKey: wizardKeys.products })
      .flatMap(([, cached]) => cached ?? [])
      .find((row) => row.PK_Products === change.productId);
    const next = withLowStock(rows, change, known);
    if (next) client.setQueryData(wizardKeys.lowStock, next);
    else void client.invalidateQueries({ queryKey: wizardKeys.lowStock });
  });
  return useQuery(lowStockOptions());
}
