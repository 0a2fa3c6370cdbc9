import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateClientInput } from "@domain/contracts/clients";
import { post } from "../../../api/http";
import { clientKeys } from "./keys";

/** SPEC.md §7: POST /clients/, falling back to /create_client/ on a 404 or 405. */
async function createClient(input: CreateClientInput) {
  try {
    return await post<{ id: number }>("/clients/", input);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 405) return post<{ id: number }>("/create_client/", input);
    throw error;
  }
}

export function useCreateClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => client.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
