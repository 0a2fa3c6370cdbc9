import { queryOptions, useQuery } from "@tanstack/react-query";
import { OrderDetail } from "@domain/contracts/orders";
import { get } from "../../../api/http";
import { orderKeys } from "./keys";

const getOrder = async (id: number) => OrderDetail.parse(await get(`/orders/${id}/`));

const orderQuery = (id: number) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id) });

export const useOrder = (id: number | null) => useQuery({ ...orderQuery(id ?? 0), enabled: !!id });
