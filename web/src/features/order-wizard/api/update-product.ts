import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Product } from "@domain/contracts/products";
import { post } from "../../../api/http";
import { wizardKeys } from "./keys";

/** The low-stock panel's editor: a new price and stock, the rest of the product as it is. */
const updatePriceAndStock = ({
  product,
  price,
  stock,
}: {
  product: Product;
  price: number | string;
  stock: number | string;
}) =>
  post(`/products/update/${product.PK_Products}/`, {
    name: product.Name,
    quantity: stock,
    price,
    unitWeight: product.Unit_Weight,
    isWeighted: product.If_Weight,
    isFeaturedProduct: product.Featured_Product,
    principalProductId: product.Id_Principal_Product,
  });

export function useUpdatePriceAndStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePriceAndStock,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: wizardKeys.lowStock }),
        client.invalidateQueries({ queryKey: wizardKeys.products }),
      ]),
  });
}
