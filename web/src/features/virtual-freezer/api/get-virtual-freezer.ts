import { queryOptions, useQuery } from "@tanstack/react-query";
import { VirtualFreezerResponse } from "@domain/contracts/virtual-freezer";
import { withProductChange } from "@domain/live-stock";
import { get } from "../../../api/http";
import { useProductChanges } from "../../../api/product-changes";
import { freezerKeys } from "./keys";

const getVirtualFreezer = async (clientId: number) =>
  VirtualFreezerResponse.parse(await get(`/clients/${clientId}/virtual-freezer/`));

const virtualFreezerOptions = (clientId: number) =>
  queryOptions({ queryKey: freezerKeys.detail(clientId), queryFn: () => getVirtualFreezer(clientId) });

/** The client's freezer and the products to fill it from, whose stock and rows stay live (written in place, no request). */
export function useVirtualFreezer(clientId: number) {
  useProductChanges((change, client) =>
    client.setQueriesData<VirtualFreezerResponse>(
      { queryKey: freezerKeys.all },
      (data) => data && { ...data, products: withProductChange(data.products, change) },
    ),
  );
  return useQuery(virtualFreezerOptions(clientId));
}
