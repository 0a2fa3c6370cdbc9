import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { clientKeys } from "./keys";

/** SPEC.md §7: a soft delete (null_date). */
const deleteClient = (id: number) => post(`/clients/${id}/null_date/`);

export function useDeleteClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => client.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
