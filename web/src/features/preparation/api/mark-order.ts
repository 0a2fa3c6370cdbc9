import { useMutation } from "@tanstack/react-query";
import { post } from "../../../api/http";

/** Preparado! or Pendiente (SPEC.md §2); the order's event moves its card on every board, this one included. */
const markOrder = ({ orderId, prepared }: { orderId: number; prepared: boolean }) =>
  post<{ message: string }>(prepared ? "/orders/prepared/" : "/orders/pending/", { order_id: orderId });

export const useMarkOrder = () => useMutation({ mutationFn: markOrder });
