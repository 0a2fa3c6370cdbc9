import { GeocodeResponse } from "../../../../domain/contracts/map";
import { get } from "../../api/http";

export { useMapConfig } from "../../api/map-config";

export const geocode = async (q: string) => GeocodeResponse.parse(await get(`/geocode/?q=${encodeURIComponent(q)}`)).results;
