import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { orderKeys } from "./keys";

export const cancelOrder = (orderId: number) => post("/orders/cancel/", { order_id: orderId });

/**
 * Only Admin's sockets hear order.cancelled (a Cancelado order is Admin's only), so the
 * seller who cancels reads the lists again rather than wait for an event that never comes.
 */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelOrder, onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }) });
}
