import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { OrderListResponse } from "../../../../../domain/contracts/orders";
import { get } from "../../../api/http";
import { offsetOf } from "../../../components/list-pager";

export const ORDERS_PAGE_SIZE = 50;

export interface OrderListParams {
  search: string;
  filter: string;
  fvStatus: string;
  statusId: string | null;
  page: number;
}

/** SPEC.md §7: fv_status only with the freezer filter, status_id only with a chosen status. */
export async function listOrders({ search, filter, fvStatus, statusId, page }: OrderListParams) {
  const params = new URLSearchParams({ search, filter, limit: String(ORDERS_PAGE_SIZE), offset: offsetOf(page, ORDERS_PAGE_SIZE), with_count: "true" });
  if (filter === "virtual_freezer") params.set("fv_status", fvStatus);
  if (filter === "status" && statusId) params.set("status_id", statusId);
  return OrderListResponse.parse(await get(`/orders/?${params}`));
}

export const orderListOptions = (params: OrderListParams) =>
  queryOptions({ queryKey: ["orders", "list", params] as const, queryFn: () => listOrders(params), placeholderData: keepPreviousData });

export const useOrderList = (params: OrderListParams) => useQuery(orderListOptions(params));
