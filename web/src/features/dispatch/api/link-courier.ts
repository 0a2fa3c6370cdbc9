import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { dispatchKeys } from "./keys";

const linkCourier = (input: { column: number; userId: number | null }) =>
  post<{ message: string }>("/dispatch/couriers/", { column: input.column, user_id: input.userId });

export function useLinkCourier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: linkCourier,
    onSettled: () => client.invalidateQueries({ queryKey: dispatchKeys.allCouriers }),
  });
}
