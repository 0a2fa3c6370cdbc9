import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { OrderDetail, OrderListResponse } from "../../../../domain/contracts/orders";
import { get, post } from "../../api/http";
import { useEvents } from "../../api/socket";

export const orderKeys = {
  all: ["orders"] as const,
  list: (params: string) => ["orders", "list", params] as const,
  detail: (id: number) => ["orders", "detail", id] as const,
};

/** Any order event on any screen refreshes the lists and details shown here. */
export function useLiveOrders() {
  const client = useQueryClient();
  useEvents("order.", () => void client.invalidateQueries({ queryKey: orderKeys.all }));
}

export function useOrders(params: URLSearchParams) {
  const key = params.toString();
  return useQuery({
    queryKey: orderKeys.list(key),
    placeholderData: keepPreviousData,
    queryFn: async () => OrderListResponse.parse(await get(`/orders/?${key}`)),
  });
}

export const useOrder = (id: number | null) =>
  useQuery({ queryKey: orderKeys.detail(id ?? 0), enabled: !!id, queryFn: async () => OrderDetail.parse(await get(`/orders/${id}/`)) });

export const cancelOrder = (orderId: number) => post("/orders/cancel/", { order_id: orderId });
