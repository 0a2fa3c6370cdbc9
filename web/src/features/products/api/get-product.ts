import { queryOptions, useQuery } from "@tanstack/react-query";
import { Product } from "@domain/contracts/products";
import { get } from "../../../api/http";
import { productKeys } from "./keys";

const getProduct = async (id: number) => Product.parse(await get(`/products/${id}/details/`));

const productOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: () => getProduct(id) });

export const useProduct = (id: number | null) => useQuery({ ...productOptions(id ?? 0), enabled: !!id });
