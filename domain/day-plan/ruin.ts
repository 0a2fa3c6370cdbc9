import { at, type Problem, type Routes, type Trip } from "./problem";

/** SISR's c̄: stops removed per round on average. */
const AVERAGE_REMOVED = 10;
/** SISR's L_max: the longest string removed from one trip. */
const LONGEST_STRING = 10;

/** Neighbours of each stop, nearest first (depot excluded). */
function neighbourLists(problem: Problem): Int32Array[] {
  const lists: Int32Array[] = [new Int32Array(0)];
  for (let i = 1; i < problem.size; i++) {
    const others = Array.from({ length: problem.size - 1 }, (_, k) => k + 1).filter((j) => j !== i);
    others.sort((a, b) => at(problem, i, a) - at(problem, i, b) || a - b);
    lists.push(Int32Array.from(others));
  }
  return lists;
}

/**
 * The ruin step: removes strings of consecutive stops from trips near a random stop, one string
 * per trip, never from a locked trip nor a stop `removable` keeps (a fixed trip's stop that fits it).
 * Returns the removed stops; trips left empty go, unless fixed.
 */
export function createRuin(problem: Problem, random: () => number, removable: Uint8Array) {
  const neighbours = neighbourLists(problem);

  return function ruin(routes: Routes): number[] {
    const where = new Map<number, Trip>();
    let assigned = 0;
    let tripCount = 0;
    for (const trips of routes)
      for (const trip of trips) {
        if (trip.locked) continue;
        tripCount++;
        for (const stop of trip.stops)
          if (removable[stop]) {
            where.set(stop, trip);
            assigned++;
          }
      }
    if (!assigned) return [];
    const stringCap = Math.min(LONGEST_STRING, assigned / tripCount);
    const stringsMax = (4 * Math.min(AVERAGE_REMOVED, assigned)) / (1 + stringCap) - 1;
    const strings = Math.floor(random() * Math.max(1, stringsMax)) + 1;
    const candidates = [...where.keys()];
    const seed = candidates[Math.floor(random() * candidates.length)]!;
    const ruined = new Set<Trip>();
    const removed: number[] = [];
    const visit = (node: number) => {
      const trip = where.get(node);
      if (!trip || ruined.has(trip)) return;
      const length = Math.floor(random() * Math.max(1, Math.min(trip.stops.length, stringCap))) + 1;
      const position = trip.stops.indexOf(node);
      const low = Math.max(0, position - length + 1);
      const high = Math.min(position, trip.stops.length - length);
      const start = low + Math.floor(random() * (high - low + 1));
      const kept: number[] = [];
      trip.stops.forEach((stop, k) => {
        if (k >= start && k < start + length && removable[stop]) {
          removed.push(stop);
          trip.load -= problem.demand[stop]!;
        } else kept.push(stop);
      });
      trip.stops = kept;
      ruined.add(trip);
    };
    visit(seed);
    for (const node of neighbours[seed]!) {
      if (ruined.size >= strings) break;
      visit(node);
    }
    for (let v = 0; v < routes.length; v++) routes[v] = routes[v]!.filter((t) => t.stops.length || t.fixed);
    return removed;
  };
}
