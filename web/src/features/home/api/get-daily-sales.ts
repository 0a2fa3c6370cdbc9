import { queryOptions, useQuery } from "@tanstack/react-query";
import { DailySales } from "@domain/contracts/home";
import { get } from "../../../api/http";
import { homeKeys } from "../keys";

const getDailySales = async () => DailySales.parse(await get("/home/sales/"));

const dailySalesQuery = () => queryOptions({ queryKey: homeKeys.dailySales, queryFn: getDailySales });

export const useDailySales = (enabled: boolean) => useQuery({ ...dailySalesQuery(), enabled });
