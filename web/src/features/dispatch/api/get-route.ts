import { queryOptions, useQuery } from "@tanstack/react-query";
import { DispatchRoute } from "@domain/contracts/dispatch";
import { get } from "../../../api/http";
import { dispatchKeys } from "./keys";

const getRoute = async (ids: number[]) => DispatchRoute.parse(await get(`/dispatch/route/?order_ids=${ids.join(",")}`));

const routeQuery = (ids: number[]) => queryOptions({ queryKey: dispatchKeys.route(ids), queryFn: () => getRoute(ids) });

export const useRoute = (ids: number[] | null) => useQuery({ ...routeQuery(ids ?? []), enabled: !!ids?.length });
