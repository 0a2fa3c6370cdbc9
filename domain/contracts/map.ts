import { z } from "zod";
import { text } from "./text";

/**
 * SPEC.md §8's map messages named Google Maps; the map is MapLibre over a configurable style
 * and geocoder, so they name the map itself (docs/decisions/map/0009-map-messages-name-no-provider.md).
 */
export const MAP_MESSAGES = {
  noStyle:
    "El mapa se muestra sin calles: no hay un estilo de mapa configurado. Podés marcar el punto o escribir las coordenadas.",
  configFailed: "No se pudo obtener la configuración del mapa.",
  unavailable: "No se pudo cargar el mapa. Reintentá más tarde.",
  geocoderDown: "No se pudo buscar la dirección: el buscador no responde. Reintentá más tarde.",
  notFound: "No se encontró la dirección indicada.",
  coordinatesSaved: "Coordenadas actualizadas desde el mapa.",
  /** SPEC.md §8's info notice when the delivery step's coordinates come from the map. */
  deliveryCoordinatesSaved: "Se actualizaron las coordenadas desde el mapa.",
} as const;

export const MAP_DEFAULT_ZOOM = 16;
export const MAP_SELECTION_ZOOM = 17;

export const MapConfig = z.object({
  style_url: text().nullable(),
  geocoder: z.boolean(),
  depot: z.object({ lat: z.number(), lng: z.number() }),
  /** The map provider's key (MAP_API_KEY), empty when none. */
  key: text(),
});
export type MapConfig = z.infer<typeof MapConfig>;

/** SPEC.md §7 GET google-maps-key/: the same key, for clients that still ask for it there. */
export const MapKey = z.object({ key: text() });

export const GeocodeQuery = z.object({ q: text().trim().min(3, "Ingresá una dirección más completa.").max(300) });
export const GeocodeResult = z.object({ lat: z.number(), lng: z.number(), display_name: text() });
export const GeocodeResponse = z.object({ results: z.array(GeocodeResult) });
export type GeocodeResult = z.infer<typeof GeocodeResult>;
