import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ProductListResponse } from "@domain/contracts/products";
import { withProductChange } from "@domain/live-stock";
import { get } from "../../../api/http";
import { useProductChanges } from "../../../api/product-changes";
import { offsetOf } from "../../../components/list-pager";
import { productKeys, type ProductListParams } from "./keys";

export const PRODUCTS_PAGE_SIZE = 50;

async function listProducts({ search, filter, page }: ProductListParams) {
  const params = new URLSearchParams({
    search,
    filter,
    limit: String(PRODUCTS_PAGE_SIZE),
    offset: offsetOf(page, PRODUCTS_PAGE_SIZE),
    with_count: "true",
  });
  return ProductListResponse.parse(await get(`/products/?${params}`));
}

const productListOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: () => listProducts(params),
    placeholderData: keepPreviousData,
  });

/**
 * The catalogue page, live: stock taken or given back anywhere rewrites the quantity in the
 * pages already loaded, a product edited elsewhere its row, and a deleted one leaves, with no
 * request. A row that a filter would now leave out or take in (Sin stock) stays as listed
 * until the next search, page or filter.
 */
export function useProductList(params: ProductListParams) {
  useProductChanges((change, client) =>
    client.setQueriesData<z.infer<typeof ProductListResponse>>(
      { queryKey: productKeys.lists },
      (page) => page && { ...page, results: withProductChange(page.results, change) },
    ),
  );
  return useQuery(productListOptions(params));
}
