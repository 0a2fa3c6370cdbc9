import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { MainProduct, Product } from "../../../../domain/contracts/products";
import { api, get, post } from "../../api/http";

export const productKeys = {
  all: ["products"] as const,
  detail: (id: number) => ["products", "detail", id] as const,
  main: (all: boolean) => ["products", "main", all] as const,
};


export const useProduct = (id: number | null) =>
  useQuery({ queryKey: productKeys.detail(id ?? 0), enabled: !!id, queryFn: async () => Product.parse(await get(`/products/${id}/details/`)) });

export const useMainProducts = (includeAll = false) =>
  useQuery({
    queryKey: productKeys.main(includeAll),
    queryFn: async () => z.array(MainProduct).parse(await get(`/main_products/${includeAll ? "?include_all=true" : ""}`)),
  });

export const createProduct = (body: Record<string, unknown>) => post("/products/create/", body);
export const updateProduct = (id: number, body: Record<string, unknown>) => post(`/products/update/${id}/`, body);
export const deleteProduct = (id: number) => post(`/products/delete/${id}/`);
export const updateStock = (id: number, quantity: number | string) => api(`/product/${id}/update/`, { method: "PATCH", body: { Quantity: quantity } });
