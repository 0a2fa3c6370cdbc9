import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { ProductListResponse } from "../../../../../domain/contracts/products";
import { get } from "../../../api/http";
import { offsetOf } from "../../../components/list-pager";

export const PRODUCTS_PAGE_SIZE = 50;

export interface ProductListParams {
  search: string;
  filter: string;
  page: number;
}

export async function listProducts({ search, filter, page }: ProductListParams) {
  const params = new URLSearchParams({ search, filter, limit: String(PRODUCTS_PAGE_SIZE), offset: offsetOf(page, PRODUCTS_PAGE_SIZE), with_count: "true" });
  return ProductListResponse.parse(await get(`/products/?${params}`));
}

export const productListOptions = (params: ProductListParams) =>
  queryOptions({ queryKey: ["products", "list", params] as const, queryFn: () => listProducts(params), placeholderData: keepPreviousData });

export const useProductList = (params: ProductListParams) => useQuery(productListOptions(params));
