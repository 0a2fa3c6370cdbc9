import type { OrderListFilters } from "@domain/live-orders";

/** Every cache key of the orders feature: the queries and the live events use these. */
export const orderKeys = {
  all: ["orders"] as const,
  lists: ["orders", "list"] as const,
  list: (params: OrderListFilters) => ["orders", "list", params] as const,
  detail: (id: number) => ["orders", "detail", id] as const,
};
