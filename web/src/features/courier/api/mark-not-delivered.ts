import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotDeliveredReason } from "@domain/courier";
import { post } from "../../../api/http";
import { courierKeys } from "./keys";

const markNotDelivered = (input: { orderId: number; reason: NotDeliveredReason; text: string }) =>
  post<{ message: string }>("/courier/not-delivered/", {
    order_id: input.orderId,
    reason: input.reason,
    text: input.text,
  });

export function useMarkNotDelivered() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotDelivered,
    onSettled: () => client.invalidateQueries({ queryKey: courierKeys.all }),
  });
}
