import { at, isTimed, type Problem, type Routes, type Trip } from "./problem";
import { insertionFits, type VehicleTimes, vehicleTimes } from "./schedule";

/** Of each stop's candidate places, this share is skipped at random (SISR's "blinks"). */
const BLINK = 0.01;
/** Places whose clock is walked per stop: past these the stop stays out this round. */
const MOST_CHECKS = 48;

/** A place as one number: vehicle, trip (NEW_TRIP for a trip of its own) and position. */
const NEW_TRIP = 4095;
const encode = (vehicle: number, trip: number, position: number) => (vehicle * 4096 + trip) * 4096 + position;
const decode = (place: number) => ({
  v: Math.floor(place / 4096 / 4096),
  ti: Math.floor(place / 4096) % 4096,
  p: place % 4096,
});

/** The order in which removed stops go back. */
export type Order = (nodes: number[], random: () => number) => void;

/** SISR's orders, picked by weight each round: at random, heaviest first, farthest first, nearest first. */
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

/**
 * Where one node may go, with what each place adds to the distance: every position of every
 * open trip with room for it (a few skipped at random), and a trip of its own per vehicle.
 * Fills `deltas` and `places` (reused from node to node).
 */
function candidatePlaces(
  problem: Problem,
  routes: Routes,
  node: number,
  random: () => number,
  deltas: number[],
  places: number[],
) {
  const d = (i: number, j: number) => at(problem, i, j);
  const pinned = problem.pinnedVehicle;
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
      if (trip.locked || trip.load + demand > vehicle.capacity || trip.stops.length + 1 > vehicle.maxStops) continue;
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
}

interface Place {
  vehicle: number;
  trip: number;
  position: number;
  /** A new trip of its own, inserted before `trip`. */
  isNew: boolean;
}

/** The cheapest of the candidate places the clock allows, checking at most MOST_CHECKS; null when none does. */
function cheapestFeasible(
  problem: Problem,
  routes: Routes,
  /** Per vehicle, when a timed problem; empty otherwise. */
  times: VehicleTimes[],
  timed: boolean,
  node: number,
  deltas: number[],
  places: number[],
): Place | null {
  for (let checks = 0; checks < MOST_CHECKS; checks++) {
    let k = -1;
    for (let i = 0; i < deltas.length; i++) if (deltas[i]! < (k < 0 ? Number.POSITIVE_INFINITY : deltas[k]!)) k = i;
    if (k < 0) return null;
    deltas[k] = Number.POSITIVE_INFINITY;
    const { v, ti, p } = decode(places[k]!);
    const trips = routes[v]!;
    if (ti === NEW_TRIP) {
      // A trip of its own: last if the clock allows (it disturbs no other trip), else earlier.
      for (let q = trips.length; q >= 0; q--)
        if (!timed || insertionFits(problem, v, trips, times[v]!, node, q, 0, true))
          return { vehicle: v, trip: q, position: -1, isNew: true };
    } else if (!timed || insertionFits(problem, v, trips, times[v]!, node, ti, p, false))
      return { vehicle: v, trip: ti, position: p, isNew: false };
  }
  return null;
}

function insert(trips: Trip[], place: Place, node: number, demand: number) {
  if (place.isNew) trips.splice(place.trip, 0, { stops: [node], load: demand, fixed: false, locked: false });
  else {
    const trip = trips[place.trip]!;
    trip.stops.splice(place.position, 0, node);
    trip.load += demand;
  }
}

/**
 * The recreate step: puts each node at its cheapest feasible place, in the given order or one
 * of SISR's picked by weight; those with none stay unassigned. Only the cheapest candidates have
 * their clock walked, since that walk is what a place costs to check.
 */
export function createRecreate(problem: Problem, random: () => number) {
  const timed = isTimed(problem);
  const orders = recreateOrders(problem);
  const orderWeights = orders.reduce((s, o) => s + o.weight, 0);
  const deltas: number[] = [];
  const places: number[] = [];

  return function recreate(routes: Routes, nodes: number[], unassigned: number[], order?: Order) {
    const times = timed ? routes.map((trips, v) => vehicleTimes(problem, v, trips)) : [];
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
    for (const node of nodes) {
      candidatePlaces(problem, routes, node, random, deltas, places);
      const place = cheapestFeasible(problem, routes, times, timed, node, deltas, places);
      if (!place) {
        unassigned.push(node);
        continue;
      }
      const trips = routes[place.vehicle]!;
      insert(trips, place, node, problem.demand[node]!);
      if (timed) times[place.vehicle] = vehicleTimes(problem, place.vehicle, trips);
    }
  };
}
