/**
 * The routing problem the day's plan solves, by node index: node 0 is the depot, 1…size−1 the
 * stops. Distances are in any unit (metres for a day, rounded Euclidean units for the
 * benchmark's CVRP instances); times are in minutes from midnight.
 */
interface Vehicle {
  /** Load one trip may carry, in the demands' unit. */
  capacity: number;
  /** Stops one trip may make (Infinity for none). */
  maxStops: number;
  /** Minutes from midnight: the first trip leaves at or after the start, the last one is back by the end. */
  shiftStart: number;
  shiftEnd: number;
}

export interface FixedTrip {
  vehicle: number;
  /** Stops that stay in this trip. */
  stops: number[];
  /** A locked trip keeps its stops in this order and takes no other stop. */
  locked: boolean;
}

export interface Problem {
  size: number;
  /** size × size, row-major: distance[i * size + j]. */
  distance: Float64Array;
  demand: ArrayLike<number>;
  /** Travel minutes per unit of distance; 0 when time plays no part. */
  minutesPerUnit: number;
  serviceMinutes: number;
  /** Per node: the earliest and latest time its service may begin (waiting is allowed). */
  ready: ArrayLike<number>;
  due: ArrayLike<number>;
  vehicles: Vehicle[];
  /** Per node: the only vehicle it may ride with, or −1 for any. */
  pinnedVehicle?: ArrayLike<number>;
  fixedTrips?: FixedTrip[];
}

export interface Trip {
  stops: number[];
  load: number;
  /** Holds a fixed trip's stops: never dissolved. */
  fixed: boolean;
  locked: boolean;
}

/** Per vehicle, its trips in the order they are driven. */
export type Routes = Trip[][];

export interface Solution {
  routes: Routes;
  unassigned: number[];
  /** Total distance of every trip, depot to depot. */
  distance: number;
  iterations: number;
  /** Milliseconds from the start until the returned solution was found. */
  bestAtMs: number;
}

export const at = (problem: Problem, i: number, j: number) => problem.distance[i * problem.size + j]!;

/** Depot → stops → depot. */
export function tripDistance(problem: Problem, stops: number[]): number {
  let total = 0;
  let from = 0;
  for (const stop of stops) {
    total += at(problem, from, stop);
    from = stop;
  }
  return stops.length ? total + at(problem, from, 0) : 0;
}

export const routesDistance = (problem: Problem, routes: Routes) =>
  routes.reduce((sum, trips) => sum + trips.reduce((s, trip) => s + tripDistance(problem, trip.stops), 0), 0);

/** Whether the problem has a clock at all: windows or shifts that could bind. */
export function isTimed(problem: Problem): boolean {
  if (problem.vehicles.some((v) => Number.isFinite(v.shiftEnd))) return true;
  for (let i = 1; i < problem.size; i++)
    if (Number.isFinite(problem.due[i]!) || Number.isFinite(-problem.ready[i]!)) return true;
  return false;
}
