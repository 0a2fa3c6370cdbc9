import { haversineMeters, type Point } from "../routing";
import { type FixedTrip, type Problem, tripDistance } from "./problem";
import { vehicleTimes } from "./schedule";
import { type SolveOptions, solve } from "./solver";

/** Why an order is left out of the plan (issue 43). */
export const UNASSIGNED_REASONS = {
  noCoordinates: "sin coordenadas",
  tooHeavy: "no entra en ningún viaje",
  outOfHours: "fuera de horario",
} as const;
type UnassignedReason = (typeof UNASSIGNED_REASONS)[keyof typeof UNASSIGNED_REASONS];

interface DayOrder {
  id: number;
  lat: number | null;
  lng: number | null;
  weightGrams: number;
  slotId: number | null;
}

interface DayCourier {
  column: number;
  capacityGrams: number;
  maxStops: number;
  /** Minutes from midnight. */
  shiftStart: number;
  shiftEnd: number;
}

/** A slot's hours in minutes from midnight; null when it is open all shift. */
interface DaySlot {
  id: number;
  start: number | null;
  end: number | null;
}

export interface DayInput {
  depot: Point;
  orders: DayOrder[];
  couriers: DayCourier[];
  slots: DaySlot[];
  speedKmh: number;
  serviceMinutes: number;
  /** An order kept with a courier (trip null) or in one of its trips (numbered from 1). */
  pins?: { orderId: number; column: number; trip: number | null }[];
  /** Trips the dispatcher locked: these stops, in this order, on this courier, and no other. */
  locked?: { column: number; orderIds: number[] }[];
}

interface DayTrip {
  column: number;
  number: number;
  depart: number;
  back: number;
  distanceM: number;
  weightGrams: number;
  stops: { orderId: number; eta: number }[];
}

export interface DayPlan {
  distanceM: number;
  trips: DayTrip[];
  unassigned: { orderId: number; reason: UnassignedReason }[];
  iterations: number;
  bestAtMs: number;
}

/** The problem of one day: node 0 the depot, then every located order, distances in metres. */
function dayProblem(input: DayInput, located: DayOrder[]): Problem {
  const points: Point[] = [input.depot, ...located.map((o) => ({ lat: o.lat!, lng: o.lng! }))];
  const size = points.length;
  const distance = new Float64Array(size * size);
  for (let i = 0; i < size; i++)
    for (let j = i + 1; j < size; j++) {
      const m = haversineMeters(points[i]!, points[j]!);
      distance[i * size + j] = m;
      distance[j * size + i] = m;
    }
  const slots = new Map(input.slots.map((s) => [s.id, s]));
  const ready = [Number.NEGATIVE_INFINITY];
  const due = [Number.POSITIVE_INFINITY];
  for (const order of located) {
    const slot = order.slotId === null ? undefined : slots.get(order.slotId);
    ready.push(slot?.start ?? Number.NEGATIVE_INFINITY);
    due.push(slot?.end ?? Number.POSITIVE_INFINITY);
  }
  const vehicleOf = new Map(input.couriers.map((c, v) => [c.column, v]));
  const nodeOf = new Map(located.map((o, k) => [o.id, k + 1]));
  const pinnedVehicle = new Int32Array(size).fill(-1);
  const fixedTrips: FixedTrip[] = [];
  for (const lock of input.locked ?? []) {
    const vehicle = vehicleOf.get(lock.column);
    const stops = lock.orderIds.map((id) => nodeOf.get(id)).filter((n) => n !== undefined);
    if (vehicle !== undefined && stops.length) fixedTrips.push({ vehicle, stops, locked: true });
  }
  const inLocked = new Set(fixedTrips.flatMap((t) => t.stops));
  const pinnedTrips = new Map<string, FixedTrip>();
  for (const pin of input.pins ?? []) {
    const vehicle = vehicleOf.get(pin.column);
    const node = nodeOf.get(pin.orderId);
    if (vehicle === undefined || node === undefined || inLocked.has(node)) continue;
    pinnedVehicle[node] = vehicle;
    if (pin.trip === null) continue;
    const key = `${vehicle}:${pin.trip}`;
    const trip = pinnedTrips.get(key) ?? { vehicle, stops: [], locked: false };
    trip.stops.push(node);
    pinnedTrips.set(key, trip);
  }
  // Pinned trips in their number's order within each courier, after its locked ones.
  const byNumber = [...pinnedTrips.entries()].sort(
    ([a], [b]) => Number(a.split(":")[1]) - Number(b.split(":")[1]) || a.localeCompare(b),
  );
  fixedTrips.push(...byNumber.map(([, trip]) => trip));
  const metresPerMinute = (input.speedKmh * 1000) / 60;
  return {
    size,
    distance,
    demand: [0, ...located.map((o) => o.weightGrams)],
    minutesPerUnit: 1 / metresPerMinute,
    serviceMinutes: input.serviceMinutes,
    ready,
    due,
    vehicles: input.couriers.map((c) => ({
      capacity: c.capacityGrams,
      maxStops: c.maxStops,
      shiftStart: c.shiftStart,
      shiftEnd: c.shiftEnd,
    })),
    pinnedVehicle,
    fixedTrips,
  };
}

/** Why a stop no trip took: too heavy for every van it may ride in, or out of every shift alone. */
function reasonFor(problem: Problem, node: number): UnassignedReason {
  const pin = problem.pinnedVehicle?.[node] ?? -1;
  const vehicles = problem.vehicles.map((v, i) => ({ v, i })).filter(({ i }) => pin < 0 || pin === i);
  const carrying = vehicles.filter(({ v }) => v.capacity >= problem.demand[node]!);
  if (!carrying.length) return UNASSIGNED_REASONS.tooHeavy;
  const reachable = carrying.some(
    ({ i }) => vehicleTimes(problem, i, [{ stops: [node], load: 0, fixed: false, locked: false }]).feasible,
  );
  return reachable ? UNASSIGNED_REASONS.tooHeavy : UNASSIGNED_REASONS.outOfHours;
}

/** Trips for every courier of the day that fit the van, the slot and the shift, near the shortest total distance. */
export function planDay(input: DayInput, options: SolveOptions = {}): DayPlan {
  const located = input.orders.filter((o) => o.lat !== null && o.lng !== null);
  const unlocated = input.orders.filter((o) => o.lat === null || o.lng === null);
  const problem = dayProblem(input, located);
  const solution = solve(problem, options);
  const trips: DayTrip[] = [];
  solution.routes.forEach((routeTrips, v) => {
    const times = vehicleTimes(problem, v, routeTrips);
    routeTrips.forEach((trip, t) => {
      trips.push({
        column: input.couriers[v]!.column,
        number: t + 1,
        depart: times.depart[t]!,
        back: times.back[t]!,
        distanceM: Math.round(tripDistance(problem, trip.stops)),
        weightGrams: trip.stops.reduce((s, n) => s + problem.demand[n]!, 0),
        stops: trip.stops.map((n, k) => ({ orderId: located[n - 1]!.id, eta: times.begin[t]![k]! })),
      });
    });
  });
  return {
    distanceM: trips.reduce((s, t) => s + t.distanceM, 0),
    trips,
    unassigned: [
      ...unlocated.map((o) => ({ orderId: o.id, reason: UNASSIGNED_REASONS.noCoordinates })),
      ...solution.unassigned.map((n) => ({ orderId: located[n - 1]!.id, reason: reasonFor(problem, n) })),
    ],
    iterations: solution.iterations,
    bestAtMs: solution.bestAtMs,
  };
}

/**
 * The budget of a day's plan: 1 s up to 80 orders, 12 ms an order above that, at most 4 s (at
 * 300 orders 1 s left orders out that 4 s placed: docs/decisions/day-plan/0157-day-plan-solver.md).
 */
export const dayPlanBudgetMs = (orders: number) => Math.min(4_000, Math.max(1_000, orders * 12));
