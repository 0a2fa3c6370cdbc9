import { useQuery, useQueryClient } from "@tanstack/react-query";
import { OrderDetail } from "../../../../domain/contracts/orders";
import { get, post } from "../../api/http";
import { useEvents } from "../../api/socket";

export const orderKeys = {
  all: ["orders"] as const,
  detail: (id: number) => ["orders", "detail", id] as const,
};

/** Any order event on any screen refreshes the lists and details shown here. */
export function useLiveOrders() {
  const client = useQueryClient();
  useEvents("order.", () => void client.invalidateQueries({ queryKey: orderKeys.all }));
}

export const useOrder = (id: number | null) =>
  useQuery({ queryKey: orderKeys.detail(id ?? 0), enabled: !!id, queryFn: async () => OrderDetail.parse(await get(`/orders/${id}/`)) });

export const cancelOrder = (orderId: number) => post("/orders/cancel/", { order_id: orderId });
