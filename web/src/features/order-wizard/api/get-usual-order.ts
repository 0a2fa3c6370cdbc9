import { queryOptions, useQuery } from "@tanstack/react-query";
import { OrderDetail } from "@domain/contracts/orders";
import { usualChoices, type UsualChoices } from "@domain/usual-order";
import { get } from "../../../api/http";
import { useReferences } from "../../../api/references";
import { useOffline } from "../../offline";
import { useClientDirectory } from "./get-client-directory";
import { usePayMethods, usePrefetchPayMethods } from "./get-pay-methods";
import { usePrefetchTimeSlots, useTimeSlots } from "./get-time-slots";
import { wizardKeys } from "./keys";

/** The client's last order (its id comes with the wizard's client), read for its slot and payment method. */
const getUsualOrder = async (orderId: number) => OrderDetail.parse(await get(`/orders/${orderId}/`));

const usualOrderOptions = (orderId: number) =>
  queryOptions({ queryKey: wizardKeys.usualOrder(orderId), queryFn: () => getUsualOrder(orderId), retry: false });

/**
 * The slot and payment method of the client's last order, offered for this one; `settled` once
 * known (a client without orders, or an order that cannot be read, offers nothing). With no
 * signal it settles at once on what is kept: the step never waits on a request that cannot leave.
 */
export function useUsualChoices(lastOrderId: number | null | undefined): UsualChoices & { settled: boolean } {
  const order = useQuery({ ...usualOrderOptions(lastOrderId ?? 0), enabled: !!lastOrderId });
  const slots = useTimeSlots();
  const methods = usePayMethods();
  const offline = useOffline();
  const directory = useClientDirectory();
  const orderKnown = !order.isPending || offline;
  const settled = lastOrderId === null || (!!lastOrderId && orderKnown && !slots.isPending && !methods.isPending);
  // Not read on this phone: the directory's copy of a recent client's last order has its slot and payment.
  const listed =
    directory && !order.data ? Object.values(directory.orders).find((o) => o[0] === lastOrderId) : undefined;
  const past = order.data ?? (listed ? { shipping_time_id: listed[1], payment_method_id: listed[2] } : null);
  return { ...usualChoices(past, slots.data ?? [], methods.data ?? []), settled };
}

/**
 * The products step reads, while there is signal, what the next steps need (the last order,
 * the slots, the payment methods, the cities and zones): all kept, so those steps open with no signal later.
 */
export function usePrefetchUsualOrder(lastOrderId: number | null) {
  // Read, never rendered from here: no change of it re-renders the products step.
  useQuery({ ...usualOrderOptions(lastOrderId ?? 0), enabled: !!lastOrderId, notifyOnChangeProps: [] });
  usePrefetchTimeSlots();
  usePrefetchPayMethods();
  useReferences();
}
