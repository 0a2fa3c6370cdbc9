import { at, isTimed, routesDistance, type Problem, type Routes, type Solution, type Trip } from "./problem";
import { seededRandom } from "./random";
import { insertionFits, vehicleTimes, type VehicleTimes } from "./schedule";

export interface SolveOptions {
  /** Same problem, same seed, same iterations: same answer. */
  seed?: number;
  /** The best found within this budget is returned (default 1 s). */
  timeLimitMs?: number;
  /** Stops after this many ruin-and-recreate rounds, whatever the clock says. */
  maxIterations?: number;
  now?: () => number;
}

/**
 * Ruin and recreate after Christiaens & Vanden Berghe's SISR (slack induction by string
 * removals, Transportation Science 2020): each round removes a few strings of consecutive stops
 * from trips near a random stop, puts every removed stop back at its cheapest feasible place
 * (a few places skipped at random, the "blinks"), and keeps the result under simulated
 * annealing. Inserting one stop at a time keeps every constraint checkable where it bites:
 * capacity and stops per trip in O(1), the clock (windows, shift, later trips of the same
 * courier) by walking forward from the insertion until times stop moving.
 */
const AVERAGE_REMOVED = 10;
const LONGEST_STRING = 10;
const BLINK = 0.01;
/** Places whose clock is walked per stop: past these the stop stays out this round. */
const MOST_CHECKS = 48;
/** Temperatures as fractions of the mean depot–stop distance, cooled geometrically. */
const START_TEMPERATURE = 0.3;
const END_TEMPERATURE = 0.002;

interface State {
  routes: Routes;
  unassigned: number[];
  distance: number;
}

/** A place as one number: vehicle, trip (NEW_TRIP for a trip of its own) and position. */
const NEW_TRIP = 4095;
const encode = (vehicle: number, trip: number, position: number) => (vehicle * 4096 + trip) * 4096 + position;
const decode = (place: number) => ({
  v: Math.floor(place / 4096 / 4096),
  ti: Math.floor(place / 4096) % 4096,
  p: place % 4096,
});

const clone = (routes: Routes): Routes => routes.map((trips) => trips.map((t) => ({ ...t, stops: t.stops.slice() })));

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

type Order = (nodes: number[], random: () => number) => void;

function recreateOrders(problem: Problem): { order: Order; weight: number }[] {
  const depotDistance = (n: number) => at(problem, 0, n);
  return [
    {
      weight: 4,
      order: (nodes, random) => {
        for (let i = nodes.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [nodes[i], nodes[j]] = [nodes[j]!, nodes[i]!];
        }
      },
    },
    { weight: 4, order: (nodes) => nodes.sort((a, b) => problem.demand[b]! - problem.demand[a]! || a - b) },
    { weight: 2, order: (nodes) => nodes.sort((a, b) => depotDistance(b) - depotDistance(a) || a - b) },
    { weight: 1, order: (nodes) => nodes.sort((a, b) => depotDistance(a) - depotDistance(b) || a - b) },
  ];
}

export function solve(problem: Problem, options: SolveOptions = {}): Solution {
  const random = seededRandom(options.seed ?? 1);
  const now = options.now ?? (() => globalThis.performance.now());
  const limit = options.timeLimitMs ?? 1000;
  const maxIterations = options.maxIterations ?? Number.POSITIVE_INFINITY;
  const started = now();
  const timed = isTimed(problem);
  const neighbours = neighbourLists(problem);
  const orders = recreateOrders(problem);
  const orderWeights = orders.reduce((s, o) => s + o.weight, 0);
  const removable = new Uint8Array(problem.size).fill(1);
  removable[0] = 0;
  const pinned = problem.pinnedVehicle;

  const d = (i: number, j: number) => at(problem, i, j);

  function timesOf(routes: Routes): VehicleTimes[] {
    return timed ? routes.map((trips, v) => vehicleTimes(problem, v, trips)) : [];
  }

  /** The cheapest feasible place for each node, in the given order; those with none stay unassigned. */
  function recreate(routes: Routes, nodes: number[], unassigned: number[], order?: Order) {
    const times = timesOf(routes);
    let total = 0;
    if (order) order(nodes, random);
    else
      for (const o of orders) {
        total += o.weight;
        if (random() * orderWeights < total) {
          o.order(nodes, random);
          break;
        }
      }
    // Candidate places of one node, cheapest checked first: the clock is walked only for those.
    const deltas: number[] = [];
    const places: number[] = [];
    for (const node of nodes) {
      const demand = problem.demand[node]!;
      deltas.length = 0;
      places.length = 0;
      for (let v = 0; v < routes.length; v++) {
        if (pinned && pinned[node]! >= 0 && pinned[node] !== v) continue;
        const vehicle = problem.vehicles[v]!;
        if (demand > vehicle.capacity) continue;
        const trips = routes[v]!;
        for (let ti = 0; ti < trips.length; ti++) {
          const trip = trips[ti]!;
          if (trip.locked || trip.load + demand > vehicle.capacity || trip.stops.length + 1 > vehicle.maxStops)
            continue;
          const stops = trip.stops;
          for (let p = 0; p <= stops.length; p++) {
            if (random() < BLINK) continue;
            const prev = p === 0 ? 0 : stops[p - 1]!;
            const next = p === stops.length ? 0 : stops[p]!;
            deltas.push(d(prev, node) + d(node, next) - d(prev, next));
            places.push(encode(v, ti, p));
          }
        }
        deltas.push(2 * d(0, node));
        places.push(encode(v, NEW_TRIP, 0));
      }
      let bestVehicle = -1;
      let bestTrip = -1;
      let bestPosition = -1;
      let bestNew = false;
      for (let checks = 0; bestVehicle < 0 && checks < MOST_CHECKS; checks++) {
        let k = -1;
        for (let i = 0; i < deltas.length; i++) if (deltas[i]! < (k < 0 ? Number.POSITIVE_INFINITY : deltas[k]!)) k = i;
        if (k < 0) break;
        deltas[k] = Number.POSITIVE_INFINITY;
        const { v, ti, p } = decode(places[k]!);
        const trips = routes[v]!;
        if (ti === NEW_TRIP) {
          // A trip of its own: last if the clock allows (it disturbs no other trip), else earlier.
          for (let q = trips.length; q >= 0; q--)
            if (!timed || insertionFits(problem, v, trips, times[v]!, node, q, 0, true)) {
              bestVehicle = v;
              bestTrip = q;
              bestNew = true;
              break;
            }
        } else if (!timed || insertionFits(problem, v, trips, times[v]!, node, ti, p, false)) {
          bestVehicle = v;
          bestTrip = ti;
          bestPosition = p;
        }
      }
      if (bestVehicle < 0) {
        unassigned.push(node);
        continue;
      }
      const trips = routes[bestVehicle]!;
      if (bestNew) trips.splice(bestTrip, 0, { stops: [node], load: demand, fixed: false, locked: false });
      else {
        const trip = trips[bestTrip]!;
        trip.stops.splice(bestPosition, 0, node);
        trip.load += demand;
      }
      if (timed) times[bestVehicle] = vehicleTimes(problem, bestVehicle, trips);
    }
  }

  /** Removes strings of stops from trips near a random stop; returns the removed stops. */
  function ruin(routes: Routes): number[] {
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
  }

  // Fixed trips first, stop by stop: a pin the clock or the van cannot keep frees its stop.
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

  const firstUnassigned: number[] = [];
  // The first plan takes the stops that close earliest first: the day is built in its own order.
  recreate(routes, free, firstUnassigned, (nodes) =>
    nodes.sort((a, b) => problem.due[a]! - problem.due[b]! || d(0, b) - d(0, a) || a - b),
  );
  let current: State = { routes, unassigned: firstUnassigned, distance: routesDistance(problem, routes) };
  let best: State = { ...current, routes: clone(routes), unassigned: [...firstUnassigned] };

  let meanDepot = 0;
  for (let i = 1; i < problem.size; i++) meanDepot += d(0, i);
  meanDepot /= Math.max(1, problem.size - 1);
  const hot = START_TEMPERATURE * meanDepot;
  const cold = END_TEMPERATURE * meanDepot;

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
    if (
      current.unassigned.length < best.unassigned.length ||
      (current.unassigned.length === best.unassigned.length && current.distance < best.distance - 1e-9)
    ) {
      best = { ...current, routes: clone(current.routes), unassigned: [...current.unassigned] };
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
