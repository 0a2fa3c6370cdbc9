import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/http";
import { wizardKeys } from "./keys";

/** SPEC.md §7: the stock warning's 'Actualizar stock' (PATCH, Quantity in kg). */
const updateStock = ({ id, quantity }: { id: number; quantity: number }) =>
  api(`/product/${id}/update/`, { method: "PATCH", body: { Quantity: quantity } });

export function useUpdateStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateStock,
    onSuccess: () => client.invalidateQueries({ queryKey: wizardKeys.products }),
  });
}
