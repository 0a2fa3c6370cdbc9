import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { OrderListResponse } from "@domain/contracts/orders";
import type { OrderListFilters } from "@domain/live-orders";
import { get } from "../../../api/http";
import { offsetOf } from "../../../components/list-pager";
import { orderKeys } from "./keys";

export const ORDERS_PAGE_SIZE = 50;

export type OrderListParams = OrderListFilters;

/** SPEC.md §7: fv_status only with the freezer filter, status_id only with a chosen status. */
async function listOrders({ search, filter, fvStatus, statusId, page }: OrderListParams) {
  const params = new URLSearchParams({
    search,
    filter,
    limit: String(ORDERS_PAGE_SIZE),
    offset: offsetOf(page, ORDERS_PAGE_SIZE),
    with_count: "true",
  });
  if (filter === "virtual_freezer") params.set("fv_status", fvStatus);
  if (filter === "status" && statusId) params.set("status_id", statusId);
  return OrderListResponse.parse(await get(`/orders/?${params}`));
}

const orderListOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: () => listOrders(params),
    placeholderData: keepPreviousData,
  });

export const useOrderList = (params: OrderListParams) => useQuery(orderListOptions(params));
