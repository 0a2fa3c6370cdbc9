import { queryOptions, useQuery } from "@tanstack/react-query";
import { PreparationItems } from "@domain/contracts/orders";
import { get } from "../../../api/http";
import { preparationKeys } from "./keys";

const getOrderItems = async (id: number) => PreparationItems.parse(await get(`/orders/${id}/items/`));

const orderItemsQuery = (id: number) =>
  queryOptions({ queryKey: preparationKeys.items(id), queryFn: () => getOrderItems(id) });

export const useOrderItems = (id: number | null) => useQuery({ ...orderItemsQuery(id ?? 0), enabled: !!id });
