import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { MainProduct } from "@domain/contracts/products";
import { get } from "../../../api/http";
import { clientKeys } from "./keys";

/** Every product a claim may name (SPEC.md §7 main_products with include_all). */
const getClaimProducts = async () => z.array(MainProduct).parse(await get("/main_products/?include_all=true"));

const claimProductsOptions = () => queryOptions({ queryKey: clientKeys.claimProducts, queryFn: getClaimProducts });

export const useClaimProducts = (enabled: boolean) => useQuery({ ...claimProductsOptions(), enabled });
