import { queryOptions, useQuery } from "@tanstack/react-query";
import { ProductListResponse, type Product } from "../../../../../domain/contracts/products";
import { withProductChange } from "../../../../../domain/live-stock";
import { get } from "../../../api/http";
import { useProductChanges } from "../../../api/product-changes";
import { wizardKeys } from "./keys";

const getWizardProducts = async (search: string) =>
  ProductListResponse.parse(await get(`/products/?${new URLSearchParams({ search, limit: "1000" })}`)).results;

const wizardProductsOptions = (search: string) =>
  queryOptions({ queryKey: wizardKeys.productSearch(search), queryFn: () => getWizardProducts(search) });

/**
 * The catalogue the products and confirm steps price and check the cart against, live:
 * each product event rewrites that product's quantity, or its whole row (a new price), in
 * place, with no request.
 */
export function useWizardProducts(search: string) {
  useProductChanges((change, client) =>
    client.setQueriesData<Product[]>(
      { queryKey: wizardKeys.products },
      (rows) => rows && withProductChange(rows, change),
    ),
  );
  return useQuery(wizardProductsOptions(search));
}
