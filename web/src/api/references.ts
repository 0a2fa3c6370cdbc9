import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { City, Shipment } from "@domain/contracts/clients";
import { get } from "./http";

/**
 * Cities and shipping zones, read by the client forms and the wizard alike; the settings'
 * shipping cost invalidates them, so they live here rather than in one of those features.
 */
export const referenceKeys = { all: ["references"] as const };

async function getReferences() {
  const [cities, shipments] = await Promise.all([get("/get_cities/"), get("/get_shipments/")]);
  return { cities: z.array(City).parse(cities), shipments: z.array(Shipment).parse(shipments) };
}

const referencesOptions = () =>
  queryOptions({ queryKey: referenceKeys.all, queryFn: getReferences, staleTime: 5 * 60_000 });

export const useReferences = () => useQuery(referencesOptions());
