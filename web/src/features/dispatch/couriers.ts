import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CourierColumns } from "../../../../domain/contracts/courier";
import type { AppEvent } from "../../../../domain/contracts/events";
import { api, get, post } from "../../api/http";
import { useEvents } from "../../api/socket";
import { boardDateQuery, concernsDate } from "../../components/board-date";

const couriersKey = (date: string) => ["dispatch", "couriers", date] as const;

export const couriersQuery = (date: string) =>
  queryOptions({ queryKey: couriersKey(date), queryFn: async () => CourierColumns.parse(await get(`/dispatch/couriers/${boardDateQuery(date)}`)) });

/** Each column's courier, stops and position; a stop, link, position or sent route re-reads it. */
export function useCouriers(date: string) {
  const client = useQueryClient();
  const reload = (event: AppEvent) => concernsDate(event, date) && void client.invalidateQueries({ queryKey: couriersKey(date) });
  useEvents("dispatch.stop_updated", reload);
  useEvents("dispatch.courier_linked", reload);
  useEvents("dispatch.courier_position", reload);
  useEvents("dispatch.route_ready", reload);
  return useQuery(couriersQuery(date));
}

export function useLinkCourier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { column: number; userId: number | null }) => post<{ message: string }>("/dispatch/couriers/", { column: input.column, user_id: input.userId }),
    onSettled: () => client.invalidateQueries({ queryKey: ["dispatch", "couriers"] }),
  });
}

/** The proof photo needs the bearer token, so it is read as a blob, never by a public URL. */
export async function stopPhotoUrl(stopId: number): Promise<string> {
  const blob = await api<Blob>(`/courier/stops/${stopId}/photo`);
  return URL.createObjectURL(blob);
}
