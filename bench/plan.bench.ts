/**
 * The day's plan solver (domain/day-plan):
 * - Augerat's A set of CVRP instances (bench/data/cvrp, proven optima, distances rounded to
 *   integers as the optima were): the gap to the optimum and the solve time, five seeds each
 *   at the default budget of 1 s (targets: mean gap ≤ 2 %, worst ≤ 5 %, every plan valid,
 *   p95 solve ≤ 1 s up to 80 stops);
 * - a realistic day (300 orders in neighbourhoods around the depot, 8 couriers of 3 stops a
 *   trip, three slots with hours): the solve time (target ≤ 5 s) and the distance against
 *   nearest-neighbour trips of three (slot by slot, from the depot, within the van).
 */
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { type DayInput, planDay } from "@domain/day-plan/plan-day";
import { seededRandom } from "@domain/day-plan/random";
import { solve } from "@domain/day-plan/solver";
import { dayPlanViolations, violations } from "@domain/day-plan/validate";
import { haversineMeters, nearestNeighbour, type Point } from "@domain/routing";
import { cvrpInstances } from "./cvrp";
import { percentiles } from "./latency";

const SEEDS = [1, 2, 3, 4, 5];
const DATA = fileURLToPath(new URL("./data/cvrp", import.meta.url));
const load = () => `load average ${loadavg()[0]!.toFixed(1)}`;
const pct = (x: number) => `${(x * 100).toFixed(2)} %`;

function cvrp() {
  const gaps: number[] = [];
  const times: number[] = [];
  let invalid = 0;
  for (const instance of cvrpInstances(DATA)) {
    const rows: string[] = [];
    for (const seed of SEEDS) {
      const started = performance.now();
      const solution = solve(instance.problem, { seed });
      times.push(performance.now() - started);
      if (violations(instance.problem, solution).length) invalid++;
      const gap = solution.distance / instance.optimum - 1;
      gaps.push(gap);
      rows.push(`${solution.distance} (${pct(gap)}, best at ${solution.bestAtMs.toFixed(0)} ms)`);
    }
    console.log(`${instance.name} optimum ${instance.optimum}: ${rows.join(", ")} · ${load()}`);
  }
  const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
  console.log(
    `CVRP A set: mean gap ${pct(mean)} (target ≤ 2 %), worst ${pct(Math.max(...gaps))} (target ≤ 5 %), ` +
      `invalid plans ${invalid}, solve p50 ${percentiles(times).p50.toFixed(0)} ms p95 ${percentiles(times).p95.toFixed(0)} ms (target ≤ 1000 ms) · ${load()}`,
  );
}

const DEPOT = { lat: -34.7206, lng: -58.2546 };
const SLOTS = [
  { id: 2, start: 9 * 60, end: 12 * 60 },
  { id: 3, start: 12 * 60, end: 15 * 60 },
  { id: 4, start: 15 * 60, end: 19 * 60 },
];

/** 300 orders in 12 neighbourhoods within ~5 km of the depot, 1–40 kg, 45 % Mañana, 20 % Mediodía, 35 % Tarde. */
function realisticDay(): DayInput {
  const random = seededRandom(2026);
  const centres = Array.from({ length: 12 }, () => ({
    lat: DEPOT.lat + (random() - 0.5) * 0.08,
    lng: DEPOT.lng + (random() - 0.5) * 0.1,
  }));
  const orders = Array.from({ length: 300 }, (_, i) => {
    const centre = centres[Math.floor(random() * centres.length)]!;
    const slot = random();
    return {
      id: i + 1,
      lat: centre.lat + (random() - 0.5) * 0.012,
      lng: centre.lng + (random() - 0.5) * 0.015,
      weightGrams: Math.round(1_000 + random() ** 2 * 39_000),
      slotId: slot < 0.45 ? 2 : slot < 0.65 ? 3 : 4,
    };
  });
  return {
    depot: DEPOT,
    orders,
    couriers: Array.from({ length: 8 }, (_, i) => ({
      column: i + 1,
      capacityGrams: 90_000,
      maxStops: 3,
      shiftStart: 8 * 60,
      shiftEnd: 20 * 60,
    })),
    slots: SLOTS,
    speedKmh: 25,
    serviceMinutes: 5,
  };
}

/** Slot by slot, trips of up to three by nearest neighbour from the depot, a stop that does not fit the van starting the next trip. */
function nearestNeighbourTrips(day: DayInput): number {
  let total = 0;
  for (const slot of SLOTS) {
    let left = day.orders.filter((o) => o.slotId === slot.id).map((o) => ({ ...o, lat: o.lat!, lng: o.lng! }));
    while (left.length) {
      const trip: typeof left = [];
      let from: Point = day.depot;
      let weight = 0;
      while (trip.length < 3) {
        const next = nearestNeighbour(from, left).find((o) => weight + o.weightGrams <= day.couriers[0]!.capacityGrams);
        if (!next) break;
        trip.push(next);
        weight += next.weightGrams;
        total += haversineMeters(from, next);
        from = next;
        left = left.filter((o) => o !== next);
      }
      total += haversineMeters(from, day.depot);
    }
  }
  return total;
}

function day() {
  const input = realisticDay();
  const baseline = nearestNeighbourTrips(input);
  for (const budget of [1_000, 4_000]) {
    const times: number[] = [];
    const rows: string[] = [];
    let invalid = 0;
    for (const seed of SEEDS) {
      const started = performance.now();
      const plan = planDay(input, { seed, timeLimitMs: budget });
      times.push(performance.now() - started);
      if (dayPlanViolations(input, plan).length) invalid++;
      rows.push(
        `${(plan.distanceM / 1000).toFixed(1)} km in ${plan.trips.length} trips, ${plan.unassigned.length} left out, ${plan.iterations} rounds (${(plan.distanceM / baseline).toFixed(3)} of NN)`,
      );
    }
    console.log(
      `day of 300 orders, 8 couriers, budget ${budget} ms: ${rows.join("; ")}; invalid ${invalid}; ` +
        `solve p50 ${percentiles(times).p50.toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms (target ≤ 5000 ms) · ` +
        `nearest-neighbour trips of three ${(baseline / 1000).toFixed(1)} km (slots and shifts not checked) · ${load()}`,
    );
  }
}

export async function run() {
  if (process.env.BENCH_PLAN !== "day") cvrp();
  day();
}
