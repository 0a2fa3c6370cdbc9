import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { LastOrder } from "../../../../../domain/contracts/orders";
import { get } from "../../../api/http";

const getLastOrder = async (clientId: number) => LastOrder.parse(await get(`/orders/last/?client_id=${clientId}`));

// Asked afresh on each press: an order confirmed a minute ago must be the one repeated.
const lastOrderQuery = (clientId: number) =>
  queryOptions({
    queryKey: ["orders", "last", clientId],
    queryFn: () => getLastOrder(clientId),
    staleTime: 0,
    retry: false,
  });

/** Reads the client's last non-cancelled order when asked; a client without one rejects with a 404. */
export function useLastOrderLookup(clientId: number) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery(lastOrderQuery(clientId)), [queryClient, clientId]);
}
