import { DELIVERY_DATE_MESSAGE, isDeliveryDateAllowed } from "./calendar";
import type { DeliveryDetails } from "./contracts/order-request";
import { DELIVERY_METHODS, isPickupZone } from "./delivery-method";
import { ORDER_MESSAGES } from "./contracts/orders";
import { readTypedDate } from "./dates";

/** SPEC.md §4 delivery rules and §9 constants. */
export const PICKUP_ZONE_ID = 8;
export const PICKUP_CITY_ID = 1;
export const TIME_PLACEHOLDER_ID = 1;
export const PICKUP_ADDRESS = "Retira en el local";

/** The zone defaults to the client's, else a 'busca' zone, else the first. */
export function defaultZone<T extends { PK_Shipments: number; Name: string }>(
  zones: T[],
  clientZoneId: number | null,
): T | undefined {
  return zones.find((z) => z.PK_Shipments === clientZoneId) ?? zones.find((z) => isPickupZone(z.Name)) ?? zones[0];
}

/** SPEC.md §4: back from pick-up to home delivery, the city saved for this order, else the client's, else the first. */
export function homeDeliveryCity<T extends { PK_Cities: number }>(
  cities: T[],
  savedCityId: number | null,
  clientCityId: number | null,
): T | undefined {
  return (
    cities.find((c) => c.PK_Cities === savedCityId) ?? cities.find((c) => c.PK_Cities === clientCityId) ?? cities[0]
  );
}

export const DELIVERY_DATE_UNREADABLE = "La fecha de entrega no es válida.";
export const COORDINATES_MESSAGE = "Selecciona una ubicacion en el mapa.";

/** The fields SPEC.md §5's delivery step marks. */
export type DeliveryField = "zone" | "date" | "time" | "city" | "address" | "coordinates";

/** What the delivery rules look at; an id is null when absent or unknown to the catalogue. */
export interface DeliveryChoice {
  zoneId: number | null;
  pickup: boolean;
  /** As typed: SPEC.md §9 reads a two-digit year. */
  date: string;
  timeId: number | null;
  cityId: number | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

/** The day the rule is applied on (Buenos Aires), and the date a modified order already has. */
export interface DeliveryDay {
  today: string;
  kept: string | null;
}

/** A coordinate as sent (a number, or text with a decimal comma); null when it is none. */
export function readCoordinate(value: unknown): number | null {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim()
        ? Number(value.replace(",", "."))
        : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

const onEarth = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

function dateProblem(typed: string, day: DeliveryDay): string | null {
  if (!typed.trim()) return ORDER_MESSAGES.missingFields;
  const date = readTypedDate(typed);
  if (!date) return DELIVERY_DATE_UNREADABLE;
  return isDeliveryDateAllowed(date, day.today, day.kept) ? null : DELIVERY_DATE_MESSAGE;
}

/**
 * SPEC.md §5's delivery step, as the wizard marks it and the server refuses it: a zone, a date
 * from today to a year ahead (or the modified order's own), a slot other than the placeholder;
 * a home delivery also needs its city, address and map point.
 */
export function deliveryProblems(choice: DeliveryChoice, day: DeliveryDay): Partial<Record<DeliveryField, string>> {
  const problems: Partial<Record<DeliveryField, string>> = {};
  if (!choice.zoneId) problems.zone = ORDER_MESSAGES.missingFields;
  const date = dateProblem(choice.date, day);
  if (date) problems.date = date;
  if (!choice.timeId || choice.timeId === TIME_PLACEHOLDER_ID) problems.time = ORDER_MESSAGES.missingFields;
  if (choice.pickup) return problems;
  if (!choice.cityId) problems.city = ORDER_MESSAGES.missingFields;
  if (!choice.address.trim()) problems.address = ORDER_MESSAGES.missingFields;
  if (!onEarth(choice.latitude, choice.longitude)) problems.coordinates = COORDINATES_MESSAGE;
  return problems;
}

/** The sentence for a refusal: a date refused alone says why; with other fields missing, the form's usual one. */
export function deliveryRefusal(problems: Partial<Record<DeliveryField, string>>): string | null {
  const fields = Object.values(problems);
  if (!fields.length) return null;
  const only = fields.length === 1 && problems.date && problems.date !== ORDER_MESSAGES.missingFields;
  return only ? problems.date! : ORDER_MESSAGES.missingFields;
}

/** The choice the wizard's details make: a pick-up is the method chosen (the server reads the zone's name). */
export const wizardChoice = (details: DeliveryDetails): DeliveryChoice => ({
  zoneId: details.zone,
  pickup: details.delivery_method === DELIVERY_METHODS.pickup,
  date: details.date,
  timeId: details.time.id,
  cityId: details.city.id,
  address: details.address,
  latitude: details.latitude,
  longitude: details.longitude,
});

/** What the delivery step reads of the client (ClientDetail). */
export interface DeliveryClient {
  zone: number | null;
  city: number | null;
  city_name: string | null;
  address: string;
  latitude: string | null;
  longitude: string | null;
}
type Zone = { PK_Shipments: number; Name: string; Price: string | number };
type City = { PK_Cities: number; Name: string };

const point = (value: string | null) => (value === null ? null : Number(value));

/** SPEC.md §4: pick-up is zone 8 at no cost, at the shop's address and city 1, without coordinates. */
export const pickupDelivery = (details: DeliveryDetails): DeliveryDetails => ({
  ...details,
  delivery_method: DELIVERY_METHODS.pickup,
  zone: PICKUP_ZONE_ID,
  delivery_cost: 0,
  latitude: null,
  longitude: null,
  address: PICKUP_ADDRESS,
  city: { id: PICKUP_CITY_ID, text: "" },
});

/** First visit: the client's zone (else a pick-up zone, else the first), today, a slot still to choose. */
export function firstDelivery(client: DeliveryClient, zones: Zone[], today: string): DeliveryDetails {
  const zone = defaultZone(zones, client.zone);
  const home: DeliveryDetails = {
    zone: zone?.PK_Shipments ?? null,
    address: client.address,
    city: { id: client.city, text: client.city_name ?? "" },
    delivery_method: DELIVERY_METHODS.home,
    time: { id: TIME_PLACEHOLDER_ID, text: "SELECCIONE" },
    date: today,
    delivery_cost: Number(zone?.Price ?? 0),
    latitude: point(client.latitude),
    longitude: point(client.longitude),
    payment_method: { id: null, name: "" },
  };
  return zone && isPickupZone(zone.Name) ? { ...pickupDelivery(home), zone: zone.PK_Shipments } : home;
}

/**
 * SPEC.md §4, back from pick-up: the home delivery saved for this order (its city, else the
 * client's, else the first; its address and point while the city is the same), in a zone that
 * is not a pick-up, at that zone's price.
 */
export function homeDelivery(
  details: DeliveryDetails,
  saved: DeliveryDetails | null,
  client: DeliveryClient,
  lists: { cities: City[]; zones: Zone[] },
): DeliveryDetails {
  const city = homeDeliveryCity(lists.cities, saved?.city.id ?? null, client.city);
  const zoneId = saved?.zone ?? client.zone;
  const zone =
    lists.zones.find((s) => s.PK_Shipments === zoneId && !isPickupZone(s.Name)) ??
    lists.zones.find((s) => !isPickupZone(s.Name));
  const same = saved && saved.city.id === city?.PK_Cities ? saved : null;
  return {
    ...details,
    delivery_method: DELIVERY_METHODS.home,
    city: { id: city?.PK_Cities ?? null, text: city?.Name ?? "" },
    address: same ? same.address : client.address,
    latitude: same ? same.latitude : point(client.latitude),
    longitude: same ? same.longitude : point(client.longitude),
    zone: zone?.PK_Shipments ?? null,
    delivery_cost: Number(zone?.Price ?? 0),
  };
}
