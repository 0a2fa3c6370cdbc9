import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { orderKeys } from "./keys";

/** `POST /api/orders/pending/`: an Armado order not yet sent goes back to Pendiente, its real weights cleared (issue 41). */
const returnToPending = (orderId: number) => post<{ message: string }>("/orders/pending/", { order_id: orderId });

/** The detail (price and weights back as ordered) and the lists are read again. */
export function useReturnToPending() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: returnToPending,
    onSuccess: (_answer, orderId) =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
        client.invalidateQueries({ queryKey: orderKeys.lists }),
      ]),
  });
}
