/** SPEC.md §9: distances on a sphere of radius 6371 km. */
export const EARTH_RADIUS_KM = 6371;
export const MAX_ROUTE_STOPS = 3;

export interface Point {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversineMeters(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Shown in metres below 1 km, else in km with one decimal (es-AR). */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(meters / 1000).toLocaleString("es-AR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;
}

/** Length of the open path start → stops in order. */
export function pathMeters(start: Point, stops: Point[]): number {
  let total = 0;
  let from = start;
  for (const stop of stops) {
    total += haversineMeters(from, stop);
    from = stop;
  }
  return total;
}

/**
 * Visit order by nearest neighbour from `start`; ties keep the input order. Candidates are
 * compared on the haversine term itself (monotonic in the distance), with each point's
 * radians and cosine computed once: a group of hundreds of orders re-batches in milliseconds.
 */
export function nearestNeighbour<T extends Point>(start: Point, points: T[]): T[] {
  const prepared = points.map((point) => ({ point, lat: rad(point.lat), lng: rad(point.lng), cos: Math.cos(rad(point.lat)) }));
  const ordered: T[] = [];
  let from = { lat: rad(start.lat), lng: rad(start.lng), cos: Math.cos(rad(start.lat)) };
  while (prepared.length) {
    let best = 0;
    let bestTerm = Infinity;
    for (let i = 0; i < prepared.length; i++) {
      const p = prepared[i]!;
      const term = Math.sin((p.lat - from.lat) / 2) ** 2 + from.cos * p.cos * Math.sin((p.lng - from.lng) / 2) ** 2;
      if (term < bestTerm) {
        bestTerm = term;
        best = i;
      }
    }
    const [next] = prepared.splice(best, 1);
    ordered.push(next!.point);
    from = next!;
  }
  return ordered;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** The shortest open path from `start` through at most 3 stops: every order is tried. */
export function shortestRoute<T extends Point>(start: Point, stops: T[]): T[] {
  if (stops.length > MAX_ROUTE_STOPS) throw new Error(`a route has at most ${MAX_ROUTE_STOPS} stops`);
  return permutations(stops).reduce((best, candidate) => (pathMeters(start, candidate) < pathMeters(start, best) ? candidate : best), stops);
}

const coordinate = (p: Point) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

/** Google Maps directions from the depot through the stops, the last one as destination. */
export function googleMapsRouteUrl(origin: Point, stops: Point[]): string {
  const params = new URLSearchParams({ api: "1", origin: coordinate(origin), travelmode: "driving" });
  if (stops.length) params.set("destination", coordinate(stops[stops.length - 1]!));
  if (stops.length > 1) params.set("waypoints", stops.slice(0, -1).map(coordinate).join("|"));
  return `https://www.google.com/maps/dir/?${params}`;
}

export const whatsappShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/**
 * A coordinate as a person types it: '-34,7206', '-34.7206' or '  -58.25 '. Null while it is
 * not a number yet ('-', '-34,') or when it is beyond `limit` (90 for latitude, 180 for longitude).
 */
export function parseCoordinate(text: string, limit: 90 | 180): number | null {
  const normalized = text.trim().replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return null;
  const value = Number(normalized);
  return Math.abs(value) <= limit ? value : null;
}
