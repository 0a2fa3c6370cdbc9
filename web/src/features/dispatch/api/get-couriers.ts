import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { CourierColumns } from "@domain/contracts/courier";
import type { AppEvent } from "@domain/contracts/events";
import { get } from "../../../api/http";
import { useEvents } from "../../../api/socket";
import { boardDateQuery, concernsDate } from "../../../components/board-date";
import { dispatchKeys } from "./keys";

const getCouriers = async (date: string) =>
  CourierColumns.parse(await get(`/dispatch/couriers/${boardDateQuery(date)}`));

const couriersQuery = (date: string) =>
  queryOptions({ queryKey: dispatchKeys.couriers(date), queryFn: () => getCouriers(date) });

/**
 * Each column's courier, stops and position; a stop, link, position or sent route re-reads it (a small read).
 * `positions: false` (the wall, which shows no map) does not re-read on every courier's position.
 */
export function useCouriers(date: string, { positions = true }: { positions?: boolean } = {}) {
  const client = useQueryClient();
  const reload = (event: AppEvent) =>
    concernsDate(event, date) && void client.invalidateQueries({ queryKey: dispatchKeys.couriers(date) });
  useEvents("dispatch.stop_updated", reload);
  useEvents("dispatch.stop_undone", reload);
  useEvents("dispatch.courier_linked", reload);
  useEvents("dispatch.courier_position", (event) => positions && reload(event));
  useEvents("dispatch.route_ready", reload);
  return useQuery(couriersQuery(date));
}
