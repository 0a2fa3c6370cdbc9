import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { DayPlanResponse } from "@domain/contracts/day-plan";
import { get } from "../../../api/http";
import { useEvents } from "../../../api/socket";
import { dispatchKeys } from "./keys";

const getPlan = async (id: string) => DayPlanResponse.parse(await get(`/dispatch/plans/${id}/`));

const planQuery = (id: string) => queryOptions({ queryKey: dispatchKeys.plan(id), queryFn: () => getPlan(id) });

/** A plan, read again when its dispatch.plan_ready arrives (and every 2 s while it is computed, should the event be missed). */
export function usePlan(id: string | null) {
  const client = useQueryClient();
  useEvents("dispatch.plan_ready", (event) => {
    if (id && event.data.id === id) void client.invalidateQueries({ queryKey: dispatchKeys.plan(id) });
  });
  return useQuery({
    ...planQuery(id ?? ""),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === "ready" || query.state.data?.status === "failed" ? false : 2000,
  });
}
