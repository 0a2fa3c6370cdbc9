import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrderDetail } from "@domain/contracts/orders";
import { STATUS } from "@domain/order-status";
import { post } from "../../../api/http";
import { orderKeys } from "./keys";

const cancelOrder = (orderId: number) => post("/orders/cancel/", { order_id: orderId });

/**
 * Only Admin's sockets hear order.cancelled (a Cancelado order is Admin's only), so the
 * seller who cancels reads the lists again rather than wait for an event that never comes.
 * The open detail is written in place, not read again: a seller may no longer read a
 * Cancelado order, and asking for it would only answer 404.
 */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (_answer, orderId) => {
      client.setQueryData<OrderDetail>(
        orderKeys.detail(orderId),
        (detail) => detail && { ...detail, status_id: STATUS.cancelled, status: "Cancelado" },
      );
      return client.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
