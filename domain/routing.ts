/** SPEC.md §9: distances on a sphere of radius 6371 km. */
const EARTH_RADIUS_KM = 6371;
const MAX_ROUTE_STOPS = 3;

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

/** A point on the unit sphere: the great-circle distance between two falls as their dot product rises. */
function unitVector(p: Point) {
  const lat = rad(p.lat);
  const lng = rad(p.lng);
  return { x: Math.cos(lat) * Math.cos(lng), y: Math.cos(lat) * Math.sin(lng), z: Math.sin(lat) };
}

/**
 * Visit order by nearest neighbour from `start`; ties keep the input order. The haversine
 * term equals (1 − a·b) / 2 for unit vectors a and b, so candidates are compared on the dot
 * product of vectors computed once per point: three multiplications instead of two sines and
 * a cosine. A visited point is swapped out of the candidates, not spliced, so a group of
 * hundreds of orders re-batches in about a millisecond.
 */
export function nearestNeighbour<T extends Point>(start: Point, points: T[]): T[] {
  const n = points.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const zs = new Float64Array(n);
  const left = Uint32Array.from({ length: n }, (_, i) => i);
  points.forEach((point, i) => {
    const v = unitVector(point);
    xs[i] = v.x;
    ys[i] = v.y;
    zs[i] = v.z;
  });
  const ordered: T[] = [];
  let { x, y, z } = unitVector(start);
  for (let remaining = n; remaining > 0; remaining--) {
    let best = 0;
    let bestDot = -Infinity;
    for (let k = 0; k < remaining; k++) {
      const i = left[k]!;
      const dot = xs[i]! * x + ys[i]! * y + zs[i]! * z;
      if (dot > bestDot || (dot === bestDot && i < left[best]!)) {
        bestDot = dot;
        best = k;
      }
    }
    const chosen = left[best]!;
    left[best] = left[remaining - 1]!;
    ordered.push(points[chosen]!);
    x = xs[chosen]!;
    y = ys[chosen]!;
    z = zs[chosen]!;
  }
  return ordered;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const inRankOrder = <T>(stops: T[], rank: (stop: T) => number) =>
  stops.every((stop, i) => i === 0 || rank(stops[i - 1]!) <= rank(stop));

/**
 * The shortest open path from `start` through at most 3 stops: every order is tried. With a
 * `rank` (the delivery slot), only the orders that visit lower ranks first are candidates:
 * a Mañana client is never left for after a Tarde one, however near the Tarde one lives.
 */
export function shortestRoute<T extends Point>(start: Point, stops: T[], rank: (stop: T) => number = () => 0): T[] {
  if (stops.length > MAX_ROUTE_STOPS) throw new Error(`a route has at most ${MAX_ROUTE_STOPS} stops`);
  const candidates = permutations(stops).filter((candidate) => inRankOrder(candidate, rank));
  return candidates.reduce((best, candidate) =>
    pathMeters(start, candidate) < pathMeters(start, best) ? candidate : best,
  );
}

/**
 * A delivery slot's place in the day: slots are seeded in the order of the day (Mañana,
 * Mediodía, Tarde), so their ids are their order; an order without one goes last.
 */
export const slotRank = (timeSlotId: number | null) => timeSlotId ?? Number.MAX_SAFE_INTEGER;

/**
 * Every stop of a route in driving order: the located ones as `shortestRoute` ordered them (by
 * slot already), each one without coordinates last within its own slot. The sort is stable.
 */
export const inSlotOrder = <T>(ordered: T[], unlocated: T[], rank: (stop: T) => number): T[] =>
  [...ordered, ...unlocated].sort((a, b) => rank(a) - rank(b));

const coordinate = (p: Point) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

/** Google Maps directions from the depot through the stops, the last one as destination. */
export function googleMapsRouteUrl(origin: Point, stops: Point[]): string {
  const params = new URLSearchParams({ api: "1", origin: coordinate(origin), travelmode: "driving" });
  if (stops.length) params.set("destination", coordinate(stops[stops.length - 1]!));
  if (stops.length > 1) params.set("waypoints", stops.slice(0, -1).map(coordinate).join("|"));
  return `https://www.google.com/maps/dir/?${params}`;
}

/** A WhatsApp message to share; with a number (as whatsappNumber gives it) it opens that chat. */
export const whatsappShareUrl = (text: string, to: string | null = null) =>
  `https://wa.me/${to ?? ""}?text=${encodeURIComponent(text)}`;

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
