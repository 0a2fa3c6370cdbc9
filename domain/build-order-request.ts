import type { CartLine } from "./cart";
import { type DeliveryDetails, DeliveryPlace, OrderRequest, type OrderRequestItem } from "./contracts/order-request";
import { ORDER_MESSAGES, type OrderDetails } from "./contracts/orders";
import { readTypedDate } from "./dates";
import {
  type DeliveryDay,
  deliveryProblems,
  deliveryRefusal,
  PICKUP_ADDRESS,
  PICKUP_CITY_ID,
  readCoordinate,
} from "./delivery-rules";
import { DELIVERY_METHODS, isPickupZone } from "./delivery-method";
import { type Centavos, type Grams, toCentavos } from "./money";

/** What the wizard holds of an order being taken or modified (web/src/stores/order-wizard.ts). */
export interface WizardOrder {
  clientId: number;
  clientName: string | null;
  items: CartLine[];
  notes: string;
  details: DeliveryDetails | null;
  orderId: number | null;
  oldCart: CartLine[];
}

/** What the confirm step adds: the payment chosen and the cart's totals as it showed them. */
export interface Confirmation {
  payment: { id: number; name: string };
  totals: { total: Centavos; weight: Grams; distinct: number };
}

export type BuiltOrderRequest = { ok: true; request: OrderRequest } | { ok: false; message: string };

const item = ({ productId, productName, units, type, virtual_freezer, vfLimit }: CartLine): OrderRequestItem => ({
  productId,
  productName,
  units: String(units),
  type,
  virtual_freezer,
  vfLimit,
});

/**
 * The one way the wizard's data becomes the request it sends (OrderRequest). Anything the
 * delivery step should have asked for and did not is refused here with the server's sentence.
 */
export function buildOrderRequest(order: WizardOrder, { payment, totals }: Confirmation): BuiltOrderRequest {
  const { details } = order;
  if (!details) return { ok: false, message: ORDER_MESSAGES.missingDelivery };
  if (!order.items.length) return { ok: false, message: ORDER_MESSAGES.emptyCart };
  const parsed = OrderRequest.safeParse({
    orderData: {
      ...details,
      payment_method: payment,
      notes: order.notes,
      total_price: (totals.total + toCentavos(details.delivery_cost)) / 100,
    },
    cart: {
      items: order.items.map(item),
      meta: { total: totals.total / 100, weight: totals.weight / 1000, distinct: totals.distinct },
    },
    client_name: order.clientName ?? "",
    client_id: order.clientId,
    order_id: order.orderId,
    old_cart: order.oldCart.map(item),
  });
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, message: ORDER_MESSAGES.missingFields };
}

/** The ids a request's delivery names (0 where absent or malformed), and what the catalogue knows of them. */
export interface DeliveryReferences {
  ids: { zone: number; city: number; time: number; pay: number };
  /** The zone's name, null when there is no such zone. */
  zoneName: string | null;
  city: boolean;
  time: boolean;
  pay: boolean;
}

export type ReadDelivery =
  | { ok: true; place: DeliveryPlace }
  | { ok: false; message: string; errors: Record<string, string> };

/**
 * The server's reading of a request's orderData (SPEC.md §3's wire, looser than OrderRequest):
 * the delivery rules of domain/delivery-rules.ts against the catalogue, then the place narrowed to
 * OrderRequest's own union. A pick-up is a zone named like 'busca', whatever method is sent.
 */
export function readOrderDelivery(wire: OrderDetails, refs: DeliveryReferences, day: DeliveryDay): ReadDelivery {
  const { ids } = refs;
  const pickup = refs.zoneName !== null && isPickupZone(refs.zoneName);
  const latitude = readCoordinate(wire.latitude);
  const longitude = readCoordinate(wire.longitude);
  const problems = deliveryProblems(
    {
      zoneId: refs.zoneName === null ? null : ids.zone,
      pickup,
      date: wire.date ?? "",
      timeId: refs.time ? ids.time : null,
      cityId: refs.city ? ids.city : null,
      address: wire.address,
      latitude,
      longitude,
    },
    day,
  );
  const refusal = deliveryRefusal(problems);
  if (refusal) return { ok: false, message: refusal, errors: problems };
  if (!ids.pay || !refs.pay)
    return { ok: false, message: ORDER_MESSAGES.payment, errors: { payment_method: ORDER_MESSAGES.payment } };
  const common = {
    zone: ids.zone,
    time: { id: ids.time },
    date: readTypedDate(wire.date ?? ""),
    payment_method: { id: ids.pay },
    notes: wire.notes,
  };
  const place = pickup
    ? {
        delivery_method: DELIVERY_METHODS.pickup,
        ...common,
        address: PICKUP_ADDRESS,
        city: { id: PICKUP_CITY_ID },
        latitude: null,
        longitude: null,
      }
    : {
        delivery_method: DELIVERY_METHODS.home,
        ...common,
        address: wire.address,
        city: { id: ids.city },
        latitude,
        longitude,
      };
  // The rules above admit only what the union holds: a mismatch is a bug here, not the user's input.
  return { ok: true, place: DeliveryPlace.parse(place) };
}
