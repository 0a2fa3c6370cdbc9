import { useMutation } from "@tanstack/react-query";
import { post } from "../../../api/http";

export interface SubmitOrderInput {
  /** SPEC.md §3's submit payload. */
  body: Record<string, unknown>;
  /** One per confirmation attempt: a double click or a retry creates one order. */
  idempotencyKey: string;
}

export const submitOrder = ({ body, idempotencyKey }: SubmitOrderInput) =>
  post<{ success?: boolean; order_id?: number } | null>("/order/", body, { "idempotency-key": idempotencyKey });

/** The lists it changes hear of it from the order's events; nothing to invalidate here. */
export const useSubmitOrder = () => useMutation({ mutationFn: submitOrder });
