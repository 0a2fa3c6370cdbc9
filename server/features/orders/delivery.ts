import { DELIVERY_DATE_MESSAGE, isDeliveryDateAllowed } from "../../../domain/calendar";
import { readTypedDate } from "../../../domain/dates";
import { LARGEST_ID } from "../../../domain/contracts/catalog-common";
import { ORDER_MESSAGES, type OrderDetails } from "../../../domain/contracts/orders";
import { isPickupZone, PICKUP_ADDRESS, PICKUP_CITY_ID, TIME_PLACEHOLDER_ID } from "../../../domain/delivery";
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

const coordinate = (value: unknown) => {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim()
        ? Number(value.replace(",", "."))
        : NaN;
  return Number.isFinite(n) ? n : null;
};

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

/** The day the rule is applied on (Buenos Aires), and the date a modified order already has. */
export interface DeliveryDay {
  today: string;
  kept: string | null;
}

export const DELIVERY_DATE_UNREADABLE = "La fecha de entrega no es válida.";

/**
 * SPEC.md §5 delivery and confirm rules; the zone's price comes from the database, not the
 * browser. The date is from today to a year ahead, or the order's own (isDeliveryDateAllowed).
 */
export function resolveDelivery(
  details: OrderDetails,
  refs: OrderInputs["references"],
  day: DeliveryDay,
): ResolvedDelivery {
  const errors: Record<string, string> = {};
  const zone = refs.zoneName === null ? null : { id: int(details.zone), name: refs.zoneName, price: refs.zonePrice! };
  if (!zone) errors.zone = ORDER_MESSAGES.missingFields;
  // SPEC.md §9: a typed two-digit year is 19xx above 50, else 20xx.
  const date = readTypedDate(details.date ?? "") ?? "";
  if (!details.date?.trim()) errors.date = ORDER_MESSAGES.missingFields;
  else if (!date) errors.date = DELIVERY_DATE_UNREADABLE;
  else if (!isDeliveryDateAllowed(date, day.today, day.kept)) errors.date = DELIVERY_DATE_MESSAGE;
  const timeId = Number(details.time?.id);
  if (!timeId || timeId === TIME_PLACEHOLDER_ID || !refs.time) errors.time = ORDER_MESSAGES.missingFields;
  const pickup = !!zone && isPickupZone(zone.name);
  const cityId = Number(details.city?.id);
  const lat = coordinate(details.latitude);
  const lng = coordinate(details.longitude);
  if (!pickup) {
    if (!cityId || !refs.city) errors.city = ORDER_MESSAGES.missingFields;
    if (!details.address?.trim()) errors.address = ORDER_MESSAGES.missingFields;
    if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180)
      errors.coordinates = "Selecciona una ubicacion en el mapa.";
  }
  if (Object.keys(errors).length) {
    // A date refused alone says why; with other fields missing, the form's usual sentence.
    const only = Object.keys(errors).length === 1 && errors.date !== ORDER_MESSAGES.missingFields ? errors.date : null;
    throw new Invalid(only ?? ORDER_MESSAGES.missingFields, errors);
  }
  const payId = Number(details.payment_method?.id);
  if (!payId || !refs.pay) throw new Invalid(ORDER_MESSAGES.payment, { payment_method: ORDER_MESSAGES.payment });
  return {
    shipmentId: zone!.id,
    shippingCost: pickup ? "0.00" : zone!.price,
    cityId: pickup ? PICKUP_CITY_ID : cityId,
    address: pickup ? PICKUP_ADDRESS : details.address!.trim(),
    latitude: pickup ? null : lat!.toFixed(6),
    longitude: pickup ? null : lng!.toFixed(6),
    timesShippingId: timeId,
    deliveryDate: date,
    payMethodId: payId,
    notes: details.notes ?? "",
  };
}
