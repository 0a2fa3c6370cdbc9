import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { productKeys } from "./keys";

const createProduct = (body: Record<string, unknown>) => post("/products/create/", body);

export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}
