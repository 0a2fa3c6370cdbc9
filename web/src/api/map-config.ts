import { queryOptions, useQuery } from "@tanstack/react-query";
import { MapConfig } from "@domain/contracts/map";
import { get } from "./http";

/** Shared by /mapa and the dispatch route map, so it lives beside the HTTP client. */
const mapConfigKeys = { all: ["map-config"] as const };

const getMapConfig = async () => MapConfig.parse(await get("/map-config/"));

/** Map style and depot, read once per session. */
const mapConfigOptions = () =>
  queryOptions({ queryKey: mapConfigKeys.all, queryFn: getMapConfig, staleTime: Infinity });

export const useMapConfig = () => useQuery(mapConfigOptions());
