import { useQueryClient } from "@tanstack/react-query";
import { ORDER_EVENT_TYPES, readEventData } from "@domain/contracts/event-data";
import type { OrderListResponse } from "@domain/contracts/orders";
import { applyOrderToList, type OrderListFilters } from "@domain/live-orders";
import type { z } from "zod";
import { useEvents, useResume } from "../../../api/socket";
import { orderKeys } from "./keys";
import { ORDERS_PAGE_SIZE } from "./list-orders";

type OrderList = z.infer<typeof OrderListResponse>;

/**
 * Order events carry the order's row: every cached page of the list takes it in place, with
 * no request; an open detail (history, lines) is read again. After a drop, everything is.
 */
export function useLiveOrders() {
  const client = useQueryClient();
  useEvents("order.", (event) => {
    const data = readEventData(event, ...ORDER_EVENT_TYPES);
    if (!data) return;
    for (const [key, page] of client.getQueriesData<OrderList>({ queryKey: orderKeys.lists })) {
      if (page) client.setQueryData(key, applyOrderToList(page, key[2] as OrderListFilters, ORDERS_PAGE_SIZE, data));
    }
    void client.invalidateQueries({ queryKey: orderKeys.detail(data.order_id), exact: true });
  });
  useResume(() => void client.invalidateQueries({ queryKey: orderKeys.all }));
}
