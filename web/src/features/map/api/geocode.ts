import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { GeocodeResponse } from "@domain/contracts/map";
import { get } from "../../../api/http";
import { mapKeys } from "./keys";

const geocode = async (q: string) => GeocodeResponse.parse(await get(`/geocode/?q=${encodeURIComponent(q)}`)).results;

/** An address asked again within the hour is answered from here, as the server caches it too. */
const geocodeOptions = (q: string) =>
  queryOptions({ queryKey: mapKeys.geocode(q), queryFn: () => geocode(q), staleTime: 60 * 60_000, retry: false });

/** 'Buscar': a read the user starts, so a lookup to call rather than a query bound to the field. */
export function useGeocodeLookup() {
  const client = useQueryClient();
  return useCallback((q: string) => client.fetchQuery(geocodeOptions(q)), [client]);
}
