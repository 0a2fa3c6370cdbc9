import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { clientKeys } from "./keys";

/** The edit dialog's payload, with the version it loaded (a save in between is a 409). */
const saveClient = ({ id, body }: { id: number; body: Record<string, unknown> }) =>
  post<{ version: number }>(`/save_client/${id}/`, body);

export function useSaveClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    onSuccess: () => client.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
