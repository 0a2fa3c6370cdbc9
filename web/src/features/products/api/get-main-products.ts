import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { MainProduct } from "@domain/contracts/products";
import { get } from "../../../api/http";
import { productKeys } from "./keys";

/** SPEC.md §7: the principal products a dependent product may hang from (include_all: every product). */
const getMainProducts = async (includeAll: boolean) =>
  z.array(MainProduct).parse(await get(`/main_products/${includeAll ? "?include_all=true" : ""}`));

const mainProductsOptions = (includeAll: boolean) =>
  queryOptions({ queryKey: productKeys.main(includeAll), queryFn: () => getMainProducts(includeAll) });

export const useMainProducts = (includeAll = false) => useQuery(mainProductsOptions(includeAll));
