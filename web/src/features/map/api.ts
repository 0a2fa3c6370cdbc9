import { useQuery } from "@tanstack/react-query";
import { GeocodeResponse, MapConfig } from "../../../../domain/contracts/map";
import { get } from "../../api/http";

export const useMapConfig = () => useQuery({ queryKey: ["map-config"], staleTime: Infinity, queryFn: async () => MapConfig.parse(await get("/map-config/")) });

export const geocode = async (q: string) => GeocodeResponse.parse(await get(`/geocode/?q=${encodeURIComponent(q)}`)).results;
