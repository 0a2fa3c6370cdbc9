import { at, type Problem, type Trip } from "./problem";

/**
 * One vehicle's day as driven: each trip leaves the depot when the previous one is back (or at
 * the shift's start), but not earlier than it needs to reach its first stop as that stop opens,
 * so any waiting is done at the depot; each stop's service begins when the courier arrives or
 * when its window opens, whichever is later.
 */
export interface VehicleTimes {
  /** Per trip: when it leaves the depot. */
  depart: number[];
  /** Per trip, per stop: when the service begins. */
  begin: number[][];
  /** Per trip: when it is back at the depot. */
  back: number[];
  feasible: boolean;
}

const travel = (problem: Problem, i: number, j: number) => at(problem, i, j) * problem.minutesPerUnit;

export function vehicleTimes(problem: Problem, vehicle: number, trips: Trip[]): VehicleTimes {
  const { shiftStart, shiftEnd } = problem.vehicles[vehicle]!;
  const times: VehicleTimes = { depart: [], begin: [], back: [], feasible: true };
  let clock = shiftStart;
  for (const trip of trips) {
    const first = trip.stops[0];
    const depart = first === undefined ? clock : Math.max(clock, problem.ready[first]! - travel(problem, 0, first));
    let t = depart;
    let from = 0;
    const begins: number[] = [];
    for (const stop of trip.stops) {
      const begin = Math.max(t + travel(problem, from, stop), problem.ready[stop]!);
      if (begin > problem.due[stop]! + 1e-9) times.feasible = false;
      begins.push(begin);
      t = begin + problem.serviceMinutes;
      from = stop;
    }
    clock = trip.stops.length ? t + travel(problem, from, 0) : t;
    times.depart.push(depart);
    times.begin.push(begins);
    times.back.push(clock);
  }
  if (clock > shiftEnd + 1e-9) times.feasible = false;
  return times;
}

/** What a walk over the rest of a trip found: it no longer moves anything (SETTLED), breaks a window (LATE), or is back at this time. */
const SETTLED = -1;
const LATE = -2;

/**
 * Walks stops `from` index `k` of a trip on, leaving `place` at `t`, against the times they had:
 * settled as soon as a stop begins when it began before.
 */
function walk(problem: Problem, stops: number[], begins: number[], k: number, t: number, place: number): number {
  for (; k < stops.length; k++) {
    const stop = stops[k]!;
    const begin = Math.max(t + travel(problem, place, stop), problem.ready[stop]!);
    if (begin <= begins[k]! + 1e-9) return SETTLED;
    if (begin > problem.due[stop]! + 1e-9) return LATE;
    t = begin + problem.serviceMinutes;
    place = stop;
  }
  return t + travel(problem, place, 0);
}

/**
 * Whether the vehicle's day stays feasible with `node` inserted in trip `tripIndex` before
 * position `position` (or, with `newTrip`, as a trip of its own placed before trip `tripIndex`).
 * Times only move later when a stop is added, so the walk stops as soon as a stop begins when it
 * began before: everything after it is as it was, and was feasible.
 */
export function insertionFits(
  problem: Problem,
  vehicle: number,
  trips: Trip[],
  times: VehicleTimes,
  node: number,
  tripIndex: number,
  position: number,
  newTrip: boolean,
): boolean {
  const { shiftStart, shiftEnd } = problem.vehicles[vehicle]!;
  const start = tripIndex === 0 ? shiftStart : times.back[tripIndex - 1]!;
  const atStart = newTrip || position === 0;
  const stops = newTrip ? [] : trips[tripIndex]!.stops;
  const t = atStart
    ? Math.max(start, problem.ready[node]! - travel(problem, 0, node))
    : times.begin[tripIndex]![position - 1]! + problem.serviceMinutes;
  const from = atStart ? 0 : stops[position - 1]!;
  const begin = Math.max(t + travel(problem, from, node), problem.ready[node]!);
  if (begin > problem.due[node]! + 1e-9) return false;
  let clock = walk(
    problem,
    stops,
    newTrip ? [] : times.begin[tripIndex]!,
    position,
    begin + problem.serviceMinutes,
    node,
  );
  if (clock === SETTLED) return true;
  if (clock === LATE) return false;
  if (!newTrip && clock <= times.back[tripIndex]! + 1e-9) return true;
  for (let j = newTrip ? tripIndex : tripIndex + 1; j < trips.length; j++) {
    const first = trips[j]!.stops[0]!;
    const depart = Math.max(clock, problem.ready[first]! - travel(problem, 0, first));
    clock = walk(problem, trips[j]!.stops, times.begin[j]!, 0, depart, 0);
    if (clock === SETTLED) return true;
    if (clock === LATE) return false;
    if (clock <= times.back[j]! + 1e-9) return true;
  }
  return clock <= shiftEnd + 1e-9;
}
