import { queryOptions, useQuery } from "@tanstack/react-query";
import { OrderDetail } from "../../../../../domain/contracts/orders";
import { usualChoices, type UsualChoices } from "../../../../../domain/usual-order";
import { get } from "../../../api/http";
import { usePayMethods } from "./get-pay-methods";
import { useTimeSlots } from "./get-time-slots";
import { wizardKeys } from "./keys";

/** The client's last order (its id comes with the wizard's client), read for its slot and payment method. */
const getUsualOrder = async (orderId: number) => OrderDetail.parse(await get(`/orders/${orderId}/`));

const usualOrderOptions = (orderId: number) =>
  queryOptions({ queryKey: wizardKeys.usualOrder(orderId), queryFn: () => getUsualOrder(orderId), retry: false });

/**
 * The slot and payment method of the client's last order, offered for this one; `settled` once
 * known (a client without orders, or an order that cannot be read, offers nothing).
 */
export function useUsualChoices(lastOrderId: number | null | undefined): UsualChoices & { settled: boolean } {
  const order = useQuery({ ...usualOrderOptions(lastOrderId ?? 0), enabled: !!lastOrderId });
  const slots = useTimeSlots();
  const methods = usePayMethods();
  const settled = lastOrderId === null || (!!lastOrderId && !order.isPending && !slots.isPending && !methods.isPending);
  return { ...usualChoices(order.data ?? null, slots.data ?? [], methods.data ?? []), settled };
}
