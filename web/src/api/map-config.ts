import { useQuery } from "@tanstack/react-query";
import { MapConfig } from "../../../domain/contracts/map";
import { get } from "./http";

/** Map style and depot, read once per session: /mapa and the dispatch route map use it. */
export const useMapConfig = () => useQuery({ queryKey: ["map-config"], staleTime: Infinity, queryFn: async () => MapConfig.parse(await get("/map-config/")) });
