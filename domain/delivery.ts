/** SPEC.md §4 delivery rules and §9 constants. */
export const PICKUP_ZONE_ID = 8;
export const PICKUP_CITY_ID = 1;
export const TIME_PLACEHOLDER_ID = 1;
export const PICKUP_ADDRESS = "Retira en el local";

export const DELIVERY_METHODS = { home: "Entrega a domicilio", pickup: "Retirar del local" } as const;

/** A zone whose name contains 'busca' is a pick-up. */
export const isPickupZone = (zoneName: string) => zoneName.toLowerCase().includes("busca");

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
