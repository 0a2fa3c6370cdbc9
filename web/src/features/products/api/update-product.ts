import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { productKeys } from "./keys";

/** A product's payload or a promotion's (SPEC.md §3). */
const updateProduct = ({ id, body }: { id: number; body: Record<string, unknown> }) =>
  post(`/products/update/${id}/`, body);

export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}
