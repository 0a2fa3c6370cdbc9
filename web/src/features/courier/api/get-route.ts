import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { CourierRoute } from "@domain/contracts/courier";
import { get } from "../../../api/http";
import { useCurrentUser } from "../../../api/session";
import { useEvents } from "../../../api/socket";
import { courierKeys } from "./keys";

const getRoute = async (date: string) => CourierRoute.parse(await get(`/courier/route/?delivery_date=${date}`));

const routeQuery = (date: string) => queryOptions({ queryKey: courierKeys.route(date), queryFn: () => getRoute(date) });

/**
 * The courier's stops, live: the socket only says whose stops changed (never another
 * courier's clients or amounts), and this phone re-reads its own when it is named.
 */
export function useRoute(date: string) {
  const client = useQueryClient();
  const me = useCurrentUser().data?.id;
  useEvents("courier.stops_changed", (event) => {
    const ids = (event.data.user_ids ?? []) as number[];
    if (me !== undefined && ids.includes(me)) void client.invalidateQueries({ queryKey: courierKeys.all });
  });
  return useQuery(routeQuery(date));
}
