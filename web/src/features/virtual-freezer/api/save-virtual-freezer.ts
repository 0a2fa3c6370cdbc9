import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { freezerKeys } from "./keys";

interface SaveVirtualFreezerInput {
  clientId: number;
  has_virtual_freezer: boolean;
  items: { productId: number; units: string; type: string }[];
}

const saveVirtualFreezer = (body: SaveVirtualFreezerInput) => post("/save_virtual_freezer/", body);

export function useSaveVirtualFreezer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveVirtualFreezer,
    onSuccess: (_answer, input) => client.invalidateQueries({ queryKey: freezerKeys.detail(input.clientId) }),
  });
}
