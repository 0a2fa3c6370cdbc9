import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { courierKeys } from "./keys";

const undoMark = (orderId: number) => post<{ message: string }>("/courier/undo/", { order_id: orderId });

/** The courier's own Entregado / No entregado, within 5 minutes: the stop is pending again. */
export function useUndoMark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: undoMark,
    onSettled: () => client.invalidateQueries({ queryKey: courierKeys.all }),
  });
}
