import type { DayInput, DayPlan } from "./plan-day";
import { isTimed, routesDistance, type Problem, type Solution } from "./problem";
import { vehicleTimes } from "./schedule";

/**
 * Every way a solution can break its problem, in words (empty when valid): a stop missing or
 * visited twice, a trip over its load or its stops, a stop served outside its window or a day
 * past its shift, a pinned stop on another vehicle, a distance that does not add up.
 */
export function violations(problem: Problem, solution: Solution): string[] {
  const found: string[] = [];
  const seen = new Map<number, number>();
  solution.routes.forEach((trips, v) => {
    const vehicle = problem.vehicles[v]!;
    trips.forEach((trip, t) => {
      const load = trip.stops.reduce((s, n) => s + problem.demand[n]!, 0);
      if (load > vehicle.capacity + 1e-9) found.push(`vehicle ${v} trip ${t}: load ${load} > ${vehicle.capacity}`);
      if (trip.stops.length > vehicle.maxStops) found.push(`vehicle ${v} trip ${t}: ${trip.stops.length} stops`);
      if (!trip.stops.length) found.push(`vehicle ${v} trip ${t}: empty`);
      for (const stop of trip.stops) {
        seen.set(stop, (seen.get(stop) ?? 0) + 1);
        const pin = problem.pinnedVehicle?.[stop] ?? -1;
        if (pin >= 0 && pin !== v) found.push(`stop ${stop} pinned to ${pin} rides with ${v}`);
      }
    });
    if (isTimed(problem) && !vehicleTimes(problem, v, trips).feasible) found.push(`vehicle ${v}: out of hours`);
  });
  for (const stop of solution.unassigned) seen.set(stop, (seen.get(stop) ?? 0) + 1);
  for (let node = 1; node < problem.size; node++)
    if (seen.get(node) !== 1) found.push(`stop ${node} placed ${seen.get(node) ?? 0} times`);
  const distance = routesDistance(problem, solution.routes);
  if (Math.abs(distance - solution.distance) > 1e-6 * Math.max(1, distance))
    found.push(`distance ${solution.distance} ≠ ${distance}`);
  return found;
}

/**
 * A day's plan checked against its input from the outside, in words (empty when valid): every
 * order once, trips numbered and one after another inside the shift, loads, stops, slot hours.
 */
export function dayPlanViolations(input: DayInput, plan: DayPlan): string[] {
  const found: string[] = [];
  const slots = new Map(input.slots.map((s) => [s.id, s]));
  const orders = new Map(input.orders.map((o) => [o.id, o]));
  const seen = new Set<number>();
  for (const courier of input.couriers) {
    const trips = plan.trips.filter((t) => t.column === courier.column);
    trips.forEach((trip, i) => {
      if (trip.number !== i + 1) found.push(`trip numbers of ${courier.column}`);
      if (i > 0 && trip.depart < trips[i - 1]!.back - 1e-6)
        found.push(`trip ${trip.number} leaves before the last is back`);
      if (trip.depart < courier.shiftStart - 1e-6 || trip.back > courier.shiftEnd + 1e-6) found.push("out of shift");
      if (trip.stops.length > courier.maxStops) found.push("too many stops");
      const weight = trip.stops.reduce((s, stop) => s + orders.get(stop.orderId)!.weightGrams, 0);
      if (weight > courier.capacityGrams || weight !== trip.weightGrams) found.push("weight");
      for (const stop of trip.stops) {
        seen.add(stop.orderId);
        const slot = slots.get(orders.get(stop.orderId)!.slotId ?? -1);
        if (slot?.start != null && stop.eta < slot.start - 1e-6) found.push(`#${stop.orderId} before its slot`);
        if (slot?.end != null && stop.eta > slot.end + 1e-6) found.push(`#${stop.orderId} after its slot`);
      }
    });
  }
  for (const u of plan.unassigned) seen.add(u.orderId);
  if (seen.size !== input.orders.length) found.push("an order is missing");
  return found;
}
