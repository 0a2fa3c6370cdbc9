import { LARGEST_ID } from "@domain/contracts/catalog-common";
import { ORDER_MESSAGES, type OrderDetails } from "@domain/contracts/orders";
import { DELIVERY_METHODS } from "@domain/delivery-method";
import { type DeliveryDay, PICKUP_CITY_ID } from "@domain/delivery-rules";
import { readOrderDelivery } from "@domain/build-order-request";
import { Invalid } from "../../errors";
import type { OrderInputs } from "./repository";

export interface ResolvedDelivery {
  shipmentId: number;
  shippingCost: string;
  cityId: number;
  address: string;
  latitude: string | null;
  longitude: string | null;
  timesShippingId: number;
  deliveryDate: string;
  payMethodId: number;
  notes: string;
}

const int = (value: unknown) =>
  Number.isInteger(Number(value)) && Number(value) > 0 && Number(value) <= LARGEST_ID ? Number(value) : 0;

/** The reference ids a delivery names, to look up with the catalogue (0 where absent or malformed). */
export function deliveryIds(details: OrderDetails | null | undefined) {
  if (!details) throw new Invalid(ORDER_MESSAGES.missingDelivery);
  return {
    zone: int(details.zone),
    city: int(details.city?.id),
    time: int(details.time?.id),
    pay: int(details.payment_method?.id),
  };
}

/**
 * The request's delivery read by domain/build-order-request.ts (SPEC.md §5's rules), as the order's
 * columns; the zone's price comes from the database, not the browser.
 */
export function resolveDelivery(
  details: OrderDetails | null | undefined,
  refs: OrderInputs["references"],
  day: DeliveryDay,
): ResolvedDelivery {
  if (!details) throw new Invalid(ORDER_MESSAGES.missingDelivery);
  const read = readOrderDelivery(details, { ids: deliveryIds(details), ...refs }, day);
  if (!read.ok) throw new Invalid(read.message, read.errors);
  const { place } = read;
  const pickup = place.delivery_method === DELIVERY_METHODS.pickup;
  return {
    shipmentId: place.zone,
    shippingCost: pickup ? "0.00" : refs.zonePrice!,
    cityId: place.city.id ?? PICKUP_CITY_ID,
    address: place.address,
    latitude: place.latitude?.toFixed(6) ?? null,
    longitude: place.longitude?.toFixed(6) ?? null,
    timesShippingId: place.time.id,
    deliveryDate: place.date,
    payMethodId: place.payment_method.id,
    notes: place.notes,
  };
}
