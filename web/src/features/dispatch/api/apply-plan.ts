import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { dispatchKeys } from "./keys";

const applyPlan = (id: string) => post<{ message: string }>(`/dispatch/plans/${id}/apply/`);

/** The board moves with its dispatch.assignment_changed event; the applied plan is read again for the trips. */
export function useApplyPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyPlan,
    onSettled: () => client.invalidateQueries({ queryKey: dispatchKeys.all }),
  });
}
