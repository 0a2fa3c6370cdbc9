import { queryOptions, useQueries, useQuery } from "@tanstack/react-query";
import { ProductLotsResponse } from "@domain/contracts/lots";
import { get } from "../../../api/http";
import { lotKeys } from "./keys";

/** A product's lots, first expiry first, with what each has left (issue 42). */
const listProductLots = async (productId: number) =>
  ProductLotsResponse.parse(await get(`/products/${productId}/lots/`)).results;

const productLotsOptions = (productId: number) =>
  queryOptions({ queryKey: lotKeys.ofProduct(productId), queryFn: () => listProductLots(productId) });

export const useProductLots = (productId: number | null) =>
  useQuery({ ...productLotsOptions(productId ?? 0), enabled: !!productId });

/** The lots of several products at once (an order's checklist), by product id; a product still loading is absent. */
export function useLotsOfProducts(productIds: number[]) {
  return useQueries({
    queries: productIds.map((id) => productLotsOptions(id)),
    combine: (results) => ({
      lots: new Map(productIds.flatMap((id, i) => (results[i]?.data ? [[id, results[i].data] as const] : []))),
      loading: results.some((r) => r.isLoading),
    }),
  });
}
