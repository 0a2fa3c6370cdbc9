import { at, isTimed, routesDistance, type Problem, type Routes, type Solution, type Trip } from "./problem";
import { seededRandom } from "./random";
import { createRecreate } from "./recreate";
import { createRuin } from "./ruin";
import { vehicleTimes } from "./schedule";

export interface SolveOptions {
  /** Same problem, same seed, same iterations: same answer. */
  seed?: number;
  /** The best found within this budget is returned (default 1 s). */
  timeLimitMs?: number;
  /** Stops after this many ruin-and-recreate rounds, whatever the clock says. */
  maxIterations?: number;
  now?: () => number;
}

/** Temperatures as fractions of the mean depot–stop distance, cooled geometrically. */
const START_TEMPERATURE = 0.3;
const END_TEMPERATURE = 0.002;

interface State {
  routes: Routes;
  unassigned: number[];
  distance: number;
}

const clone = (routes: Routes): Routes => routes.map((trips) => trips.map((t) => ({ ...t, stops: t.stops.slice() })));
const copyOf = (state: State): State => ({ ...state, routes: clone(state.routes), unassigned: [...state.unassigned] });

/**
 * Fixed trips first, stop by stop: a pin the clock or the van cannot keep frees its stop. The
 * stops kept are marked not removable; answers the routes so far and every stop still to place.
 */
function placeFixedTrips(problem: Problem, removable: Uint8Array): { routes: Routes; free: number[] } {
  const timed = isTimed(problem);
  const routes: Routes = problem.vehicles.map(() => []);
  const free: number[] = [];
  const placed = new Set<number>();
  for (const fixed of problem.fixedTrips ?? []) {
    const vehicle = problem.vehicles[fixed.vehicle]!;
    const trip: Trip = { stops: [], load: 0, fixed: true, locked: fixed.locked };
    routes[fixed.vehicle]!.push(trip);
    for (const stop of fixed.stops) {
      placed.add(stop);
      const demand = problem.demand[stop]!;
      trip.stops.push(stop);
      trip.load += demand;
      const fits =
        trip.load <= vehicle.capacity &&
        trip.stops.length <= vehicle.maxStops &&
        (!timed || vehicleTimes(problem, fixed.vehicle, routes[fixed.vehicle]!).feasible);
      if (fits) removable[stop] = 0;
      else {
        trip.stops.pop();
        trip.load -= demand;
        free.push(stop);
      }
    }
    if (!trip.stops.length) routes[fixed.vehicle]!.pop();
  }
  for (let node = 1; node < problem.size; node++) if (!placed.has(node)) free.push(node);
  return { routes, free };
}

/** The annealing's first and last temperature, in the problem's distance unit. */
function temperatures(problem: Problem) {
  let meanDepot = 0;
  for (let i = 1; i < problem.size; i++) meanDepot += at(problem, 0, i);
  meanDepot /= Math.max(1, problem.size - 1);
  return { hot: START_TEMPERATURE * meanDepot, cold: END_TEMPERATURE * meanDepot };
}

/** Fewer stops left out wins; at equal count, the shorter distance. */
const improves = (state: State, on: State) =>
  state.unassigned.length < on.unassigned.length ||
  (state.unassigned.length === on.unassigned.length && state.distance < on.distance - 1e-9);

/**
 * Ruin and recreate after Christiaens & Vanden Berghe's SISR (slack induction by string
 * removals, Transportation Science 2020): each round removes a few strings of consecutive stops
 * from trips near a random stop, puts every removed stop back at its cheapest feasible place
 * (a few places skipped at random, the "blinks"), and keeps the result under simulated
 * annealing. Inserting one stop at a time keeps every constraint checkable where it bites:
 * capacity and stops per trip in O(1), the clock (windows, shift, later trips of the same
 * courier) by walking forward from the insertion until times stop moving (ruin.ts, recreate.ts).
 */
export function solve(problem: Problem, options: SolveOptions = {}): Solution {
  const random = seededRandom(options.seed ?? 1);
  const now = options.now ?? (() => globalThis.performance.now());
  const limit = options.timeLimitMs ?? 1000;
  const maxIterations = options.maxIterations ?? Number.POSITIVE_INFINITY;
  const started = now();
  const removable = new Uint8Array(problem.size).fill(1);
  removable[0] = 0;
  const ruin = createRuin(problem, random, removable);
  const recreate = createRecreate(problem, random);
  const d = (i: number, j: number) => at(problem, i, j);

  const { routes, free } = placeFixedTrips(problem, removable);
  const firstUnassigned: number[] = [];
  // The first plan takes the stops that close earliest first: the day is built in its own order.
  recreate(routes, free, firstUnassigned, (nodes) =>
    nodes.sort((a, b) => problem.due[a]! - problem.due[b]! || d(0, b) - d(0, a) || a - b),
  );
  let current: State = { routes, unassigned: firstUnassigned, distance: routesDistance(problem, routes) };
  let best: State = copyOf(current);
  const { hot, cold } = temperatures(problem);

  let iterations = 0;
  let bestAt = now() - started;
  while (iterations < maxIterations && problem.size > 1) {
    const elapsed = now() - started;
    // A round that would end past the budget is not begun: the answer comes back within it.
    if (elapsed + (iterations ? elapsed / iterations : 0) >= limit) break;
    const progress = Math.max(elapsed / limit, Number.isFinite(maxIterations) ? iterations / maxIterations : 0);
    const temperature = hot * (cold / hot) ** progress;
    iterations++;
    const routes = clone(current.routes);
    const removed = ruin(routes);
    const unassigned: number[] = [];
    recreate(routes, [...removed, ...current.unassigned], unassigned);
    const candidate: State = { routes, unassigned, distance: routesDistance(problem, routes) };
    const better =
      candidate.unassigned.length < current.unassigned.length ||
      (candidate.unassigned.length === current.unassigned.length &&
        candidate.distance < current.distance - temperature * Math.log(random()));
    if (better) current = candidate;
    if (improves(current, best)) {
      best = copyOf(current);
      bestAt = now() - started;
    }
  }
  return {
    routes: best.routes,
    unassigned: [...best.unassigned].sort((a, b) => a - b),
    distance: best.distance,
    iterations,
    bestAtMs: bestAt,
  };
}
