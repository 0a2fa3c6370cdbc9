import { queryOptions, useQuery } from "@tanstack/react-query";
import { RouteSheet } from "@domain/contracts/courier";
import { get } from "../../../api/http";

const getRouteSheet = async (column: number, date: string) =>
  RouteSheet.parse(await get(`/dispatch/route-sheet/?column=${column}${date ? `&delivery_date=${date}` : ""}`));

const routeSheetQuery = (column: number, date: string) =>
  queryOptions({ queryKey: ["printing", "route-sheet", column, date], queryFn: () => getRouteSheet(column, date) });

export const useRouteSheet = (column: number, date: string) => useQuery(routeSheetQuery(column, date));
