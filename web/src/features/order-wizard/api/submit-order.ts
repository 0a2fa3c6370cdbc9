import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import type { OrderRequest } from "@domain/contracts/order-request";
import { wizardKeys } from "./keys";

export interface SubmitOrderInput {
  /** SPEC.md §3's submit payload, as domain/build-order-request.ts builds it. */
  body: OrderRequest;
  /** One per confirmation attempt: a double click or a retry creates one order. */
  idempotencyKey: string;
}

export const submitOrder = ({ body, idempotencyKey }: SubmitOrderInput) =>
  post<{ success?: boolean; order_id?: number } | null>("/order/", body, { "idempotency-key": idempotencyKey });

/**
 * The lists it changes hear of it from the order's events; the wizard's client is read again,
 * so its next order offers 'Repetir último pedido' (its last order is this one).
 */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSuccess: (_answer, { body }) => queryClient.invalidateQueries({ queryKey: wizardKeys.client(body.client_id) }),
  });
}
