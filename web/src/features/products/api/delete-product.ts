import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { productKeys } from "./keys";

const deleteProduct = (id: number) => post(`/products/delete/${id}/`);

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}
