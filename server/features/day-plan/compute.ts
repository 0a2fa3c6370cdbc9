import { createHash } from "node:crypto";
import {
  DAY_PLAN_MESSAGES,
  type DayPlanResponse,
  type Fleet,
  minutesOf,
  type PlanRequest,
  timeOf,
} from "@domain/contracts/day-plan";
import { dayPlanBudgetMs, planDay } from "@domain/day-plan/plan-day";
import type { Point } from "@domain/routing";
import type { Database, Executor } from "../../db/types";
import { courierColumnsOf } from "../courier-stops";
import { appendEvent } from "../../realtime/outbox";
import {
  courierLinkRows,
  findDayPlan,
  fleetRows,
  fleetSetting,
  lastAppliedPlan,
  plannedOrders,
  slotRows,
  updateDayPlan,
} from "./repository";

/** What a column plans with until someone sets its courier (issue 43: 3 stops, SPEC §9). */
const FLEET_DEFAULTS = {
  capacityKg: 150,
  maxStops: 3,
  shiftStart: 8 * 60,
  shiftEnd: 20 * 60,
  speedKmh: 25,
  serviceMinutes: 5,
} as const;

/** A courier the fleet adds in a column nobody set yet: the defaults, named as the column. */
export const newCourier = (column: number): Fleet["couriers"][number] => ({
  column,
  name: `Cadete ${column}`,
  user_id: null,
  capacity_kg: FLEET_DEFAULTS.capacityKg,
  max_stops: FLEET_DEFAULTS.maxStops,
  shift_start: timeOf(FLEET_DEFAULTS.shiftStart),
  shift_end: timeOf(FLEET_DEFAULTS.shiftEnd),
});

export async function readFleet(db: Executor): Promise<Fleet> {
  const [rows, links, setting, columns] = await Promise.all([
    fleetRows(db),
    courierLinkRows(db),
    fleetSetting(db),
    courierColumnsOf(db),
  ]);
  return {
    couriers: columns.map((column) => {
      const row = rows.find((r) => r.column === column);
      const user_id = links.find((l) => l.column === column)?.userId ?? null;
      if (!row) return { ...newCourier(column), user_id };
      return {
        column,
        name: row.name,
        user_id,
        capacity_kg: Number(row.capacityKg),
        max_stops: row.maxStops,
        shift_start: timeOf(row.shiftStart),
        shift_end: timeOf(row.shiftEnd),
      };
    }),
    speed_kmh: setting.speed_kmh ?? FLEET_DEFAULTS.speedKmh,
    service_minutes: setting.service_minutes ?? FLEET_DEFAULTS.serviceMinutes,
  };
}

type PlannedRow = Awaited<ReturnType<typeof plannedOrders>>[number];
type StoredResult = Pick<DayPlanResponse, "depot" | "trips" | "unassigned">;

/** The date's open orders as the board holds them: a plan is applied only onto the board it was computed from. */
export const boardFingerprint = (rows: PlannedRow[]) =>
  createHash("sha1")
    .update(
      rows.map((r) => `${r.id}:${r.statusId}:${r.courier ?? "-"}:${r.position ?? "-"}:${r.version ?? "-"}`).join(","),
    )
    .digest("hex");

/** A column's trips in the plan last applied to the date's board (none when nobody planned it). */
export async function appliedTrips(db: Executor, deliveryDate: string, column: number) {
  const row = await lastAppliedPlan(db, deliveryDate);
  return row ? toResponse(row).trips.filter((t) => t.column === column) : [];
}

/** Plans of the day as the API answers them. */
export const toResponse = (row: NonNullable<Awaited<ReturnType<typeof findDayPlan>>>): DayPlanResponse => {
  const result = (row.result ?? { depot: null, trips: [], unassigned: [] }) as StoredResult;
  return {
    id: row.id,
    status: row.status as DayPlanResponse["status"],
    delivery_date: row.deliveryDate,
    solve_ms: row.solveMs,
    distance_m: row.distanceM,
    depot: result.depot,
    trips: result.trips,
    unassigned: result.unassigned,
    error: row.error,
    applied: row.appliedAt !== null,
  };
};

async function finish(db: Database, id: string, values: Parameters<typeof updateDayPlan>[2], actorId: number | null) {
  await db.transaction(async (tx) => {
    await updateDayPlan(tx, id, { ...values, finishedAt: new Date() });
    const row = (await findDayPlan(tx, id))!;
    await appendEvent(tx, {
      type: "dispatch.plan_ready",
      actorId,
      data: { id, delivery_date: row.deliveryDate, status: row.status },
    });
  });
}

/**
 * The `day-plans` job's work: reads the fleet, the slots' hours and the date's open orders, solves,
 * stores the trips and tells the dispatch boards. A plan already finished is left as it is, so a
 * retried job does nothing twice.
 */
export async function computeDayPlan(db: Database, depot: Point, id: string) {
  const plan = await findDayPlan(db, id);
  if (!plan || plan.status === "ready" || plan.status === "failed") return { skipped: true };
  await updateDayPlan(db, id, { status: "running" });
  const [fleet, slots, rows] = await Promise.all([readFleet(db), slotRows(db), plannedOrders(db, plan.deliveryDate)]);
  const request = plan.request as Pick<PlanRequest, "pins" | "locked">;
  const started = performance.now();
  const day = planDay(
    {
      depot,
      orders: rows.map((r) => ({
        id: r.id,
        lat: r.latitude === null ? null : Number(r.latitude),
        lng: r.longitude === null ? null : Number(r.longitude),
        weightGrams: Math.round(Number(r.totalWeight) * 1000),
        slotId: r.slotId,
      })),
      couriers: fleet.couriers.map((c) => ({
        column: c.column,
        capacityGrams: Math.round(c.capacity_kg * 1000),
        maxStops: c.max_stops,
        shiftStart: minutesOf(c.shift_start),
        shiftEnd: minutesOf(c.shift_end),
      })),
      slots: slots.map((s) => ({ id: s.id, start: s.start, end: s.end })),
      speedKmh: fleet.speed_kmh,
      serviceMinutes: fleet.service_minutes,
      pins: (request.pins ?? []).map((p) => ({ orderId: p.order_id, column: p.column, trip: p.trip })),
      locked: (request.locked ?? []).map((l) => ({ column: l.column, orderIds: l.order_ids })),
    },
    { seed: 1, timeLimitMs: dayPlanBudgetMs(rows.length) },
  );
  const solveMs = Math.round(performance.now() - started);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const result: StoredResult = {
    depot: { lat: depot.lat, lng: depot.lng },
    trips: day.trips.map((t) => ({
      column: t.column,
      number: t.number,
      depart: timeOf(t.depart),
      return: timeOf(t.back),
      distance_m: t.distanceM,
      weight_kg: t.weightGrams / 1000,
      stops: t.stops.map((s) => {
        const row = byId.get(s.orderId)!;
        return {
          order_id: s.orderId,
          eta: timeOf(s.eta),
          client_name: row.clientName,
          address: row.address,
          lat: Number(row.latitude),
          lng: Number(row.longitude),
        };
      }),
    })),
    unassigned: day.unassigned.map((u) => ({
      order_id: u.orderId,
      reason: u.reason,
      client_name: byId.get(u.orderId)?.clientName ?? "",
      address: byId.get(u.orderId)?.address ?? "",
    })),
  };
  await finish(
    db,
    id,
    { status: "ready", result, board: boardFingerprint(rows), solveMs, distanceM: day.distanceM },
    plan.requestedBy,
  );
  return { trips: result.trips.length, unassigned: result.unassigned.length, solveMs };
}

/** The job failed for good: the plan says so and the boards hear of it. */
export async function failDayPlan(db: Database, id: string) {
  const plan = await findDayPlan(db, id);
  if (!plan || plan.status === "ready" || plan.status === "failed") return;
  await finish(db, id, { status: "failed", error: DAY_PLAN_MESSAGES.failed }, plan.requestedBy);
}
