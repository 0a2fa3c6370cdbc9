import { onlineManager, queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { DirectoryOrder } from "@domain/contracts/client-directory";
import { LastOrder, type OrderDetail } from "@domain/contracts/orders";
import { get } from "../../../api/http";
import { ApiError } from "../../../api/messages";
import { isUnreachable, OFFLINE_MESSAGES } from "../../offline";
import { useClientDirectory } from "./get-client-directory";
import { wizardKeys } from "./keys";

const getLastOrder = async (clientId: number) => LastOrder.parse(await get(`/orders/last/?client_id=${clientId}`));

// Asked afresh on each press: an order confirmed a minute ago must be the one repeated.
const lastOrderQuery = (clientId: number) =>
  queryOptions({
    queryKey: ["orders", "last", clientId],
    queryFn: () => getLastOrder(clientId),
    staleTime: 0,
    retry: false,
  });

/** The usual order (the delivery step's read of the same last order) carries the lines too. */
const asLastOrder = (order: OrderDetail): LastOrder => ({
  order_id: order.order_id,
  create_date: order.order_time,
  products: order.products.map((p) => ({
    FK_Products: p.FK_Products,
    product_name: p.product_name,
    Type: p.Type as LastOrder["products"][number]["Type"],
    Amount: p.Amount,
    Virtual_Freezer: p.Virtual_Freezer,
  })),
});

/** A directory's last order: its lines by product id (the catalogue names them where it can). */
const fromDirectory = ([orderId, , , lines]: DirectoryOrder): LastOrder => ({
  order_id: orderId,
  create_date: "",
  products: lines.map(([id, type, amount, virtualFreezer]) => ({
    FK_Products: id,
    product_name: `Producto #${id}`,
    Type: type,
    Amount: amount,
    Virtual_Freezer: virtualFreezer,
  })),
});

/**
 * Reads the client's last non-cancelled order when asked; a client without one rejects with a 404.
 * With no signal (or no answer) it is the one kept on the phone, else it rejects at once with
 * status 0 and a sentence saying why: a press must never wait on a request that cannot leave.
 */
export function useLastOrderLookup(clientId: number, lastOrderId: number | null) {
  const queryClient = useQueryClient();
  const directory = useClientDirectory();
  return useCallback(async () => {
    const kept = () => {
      const last = queryClient.getQueryData(lastOrderQuery(clientId).queryKey);
      if (last && last.order_id === lastOrderId) return last;
      const usual = lastOrderId ? queryClient.getQueryData<OrderDetail>(wizardKeys.usualOrder(lastOrderId)) : undefined;
      if (usual) return asLastOrder(usual);
      // The directory carries the last order's lines of the seller's recent clients.
      const listed = directory?.orders[clientId];
      return listed && listed[0] === lastOrderId ? fromDirectory(listed) : last;
    };
    const offline = () => {
      const order = kept();
      if (order) return order;
      throw new ApiError(0, OFFLINE_MESSAGES.lastOrderNotKept);
    };
    if (!onlineManager.isOnline() || isUnreachable()) return offline();
    try {
      return await queryClient.fetchQuery(lastOrderQuery(clientId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return offline();
      throw error;
    }
  }, [queryClient, clientId, lastOrderId, directory]);
}
