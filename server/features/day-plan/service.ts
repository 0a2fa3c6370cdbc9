import { SERVICE_UNAVAILABLE } from "../../../domain/contracts/errors";
import {
  DAY_PLAN_MESSAGES,
  type DayPlanResponse,
  type FleetRequest,
  minutesOf,
  type PlanRequest,
  type TimeSlotsRequest,
  timeOf,
} from "../../../domain/contracts/day-plan";
import { columnsOf } from "../../../domain/dispatch";
import { STATUS } from "../../../domain/order-status";
import type { Database } from "../../db/types";
import { Conflict, Invalid, NotFound } from "../../errors";
import type { Jobs } from "../../jobs/types";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import { appendCourierChanged, courierColumnsOf, lockBoard } from "../courier-stops";
import { boardFingerprint, newCourier, readFleet, toResponse } from "./compute";
import {
  allPlacements,
  courierLinkRows,
  findDayPlan,
  insertDayPlan,
  lastAppliedPlan,
  plannedOrders,
  slotRows,
  updateDayPlan,
  writeFleetCourier,
  writeFleetSetting,
  writePlanPlacements,
  writeSlotHours,
} from "./repository";

export interface DayPlanDeps {
  db: Database;
  jobs: Jobs;
  /** The courier feature's link: a fleet entry's user_id is the column's linked Cadete. */
  linkCourier(actor: AuthenticatedUser, column: number, userId: number | null): Promise<unknown>;
}

/** Columns (prepared orders only, as the board shows them) for the boards' event. */
const columnsJson = (placements: { orderId: number; courier: number; position: number }[]) =>
  Object.fromEntries([...columnsOf(placements)].map(([c, ids]) => [String(c), ids]));

export function createDayPlanService({ db, jobs, linkCourier }: DayPlanDeps) {
  return {
    fleet: () => readFleet(db),

    /** Changes what the request names; a shift is checked whole, after merging with what is stored. */
    async saveFleet(request: FleetRequest, actor: AuthenticatedUser) {
      const current = await readFleet(db);
      const couriers = (request.couriers ?? []).map((change) => {
        // A column the fleet does not have yet is a courier added (issue 43: up to 12), with the defaults.
        const stored = current.couriers.find((c) => c.column === change.column);
        const was = stored ?? newCourier(change.column);
        const next = { ...was, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
        if (minutesOf(next.shift_start) >= minutesOf(next.shift_end))
          throw new Invalid(DAY_PLAN_MESSAGES.shift, { shift_end: DAY_PLAN_MESSAGES.shift });
        return { next, was, added: !stored };
      });
      const link = (added: boolean) =>
        Promise.all(
          couriers
            .filter((c) => c.added === added && c.next.user_id !== c.was.user_id)
            .map(({ next }) => linkCourier(actor, next.column, next.user_id)),
        );
      // A link refused (not a Cadete, open stops) leaves the fleet as it was; a courier added is linked once it is a column.
      await link(false);
      await db.transaction(async (tx) => {
        for (const { next, added } of couriers) {
          // A new column on every board: the boards read their columns again, as when a Cadete is linked.
          if (added)
            await appendEvent(tx, {
              type: "dispatch.courier_linked",
              actorId: actor.id,
              data: { column: next.column, user_id: null },
            });
          await writeFleetCourier(tx, {
            column: next.column,
            name: next.name,
            capacityKg: next.capacity_kg.toFixed(3),
            maxStops: next.max_stops,
            shiftStart: minutesOf(next.shift_start),
            shiftEnd: minutesOf(next.shift_end),
          });
        }
        if (request.speed_kmh !== undefined || request.service_minutes !== undefined)
          await writeFleetSetting(tx, {
            speed_kmh: request.speed_kmh ?? current.speed_kmh,
            service_minutes: request.service_minutes ?? current.service_minutes,
          });
      });
      await link(true);
      return readFleet(db);
    },

    async timeSlots() {
      const rows = await slotRows(db);
      return {
        slots: rows.map((s) => ({
          id: s.id,
          name: s.name,
          start: s.start === null ? null : timeOf(s.start),
          end: s.end === null ? null : timeOf(s.end),
        })),
      };
    },

    async saveTimeSlots(request: TimeSlotsRequest) {
      await db.transaction(async (tx) => {
        for (const slot of request.slots) {
          const written = await writeSlotHours(
            tx,
            slot.id,
            slot.start === null ? null : minutesOf(slot.start),
            slot.end === null ? null : minutesOf(slot.end),
          );
          if (!written) throw new Invalid(DAY_PLAN_MESSAGES.slot, { slots: DAY_PLAN_MESSAGES.slot });
        }
      });
      return this.timeSlots();
    },

    /** Queues the plan's job; the plan is answered by id, and the boards hear when it is ready. */
    async request(request: PlanRequest, user: AuthenticatedUser) {
      const plan = await insertDayPlan(db, {
        deliveryDate: request.delivery_date,
        requestedBy: user.id,
        request: { pins: request.pins ?? [], locked: request.locked ?? [] },
      });
      try {
        await jobs.enqueue("day-plans", { planId: plan.id }, { jobId: `day-plan-${plan.id}` });
      } catch (error) {
        await updateDayPlan(db, plan.id, {
          status: "failed",
          error: `${DAY_PLAN_MESSAGES.failed} ${SERVICE_UNAVAILABLE}`,
          finishedAt: new Date(),
        });
        throw error;
      }
      return { id: plan.id };
    },

    async applied(deliveryDate: string) {
      const row = await lastAppliedPlan(db, deliveryDate);
      return { plan: row ? toResponse(row) : null };
    },

    async plan(id: string): Promise<DayPlanResponse> {
      const row = await findDayPlan(db, id);
      if (!row) throw new NotFound(DAY_PLAN_MESSAGES.notFound);
      return toResponse(row);
    },

    /**
     * Lays the plan on the board: each courier's trips in order in its column (the first trip on
     * top, the next ones queued under it), the date's orders it left out in Sin asignar. Refused
     * when the date's open orders or their placements changed since the plan read them.
     */
    apply: (id: string, user: AuthenticatedUser) =>
      db.transaction(async (tx) => {
        await lockBoard(tx);
        const plan = await findDayPlan(tx, id);
        if (!plan) throw new NotFound(DAY_PLAN_MESSAGES.notFound);
        if (plan.status !== "ready") throw new Conflict(DAY_PLAN_MESSAGES.notReady);
        const rows = await plannedOrders(tx, plan.deliveryDate);
        if (plan.appliedAt || boardFingerprint(rows) !== plan.board) throw new Conflict(DAY_PLAN_MESSAGES.boardChanged);
        const { trips } = toResponse(plan);
        const ofDate = new Set(rows.map((r) => r.id));
        const stored = (await allPlacements(tx)).filter((p) => !ofDate.has(p.orderId));
        const columns = columnsOf(stored);
        const planned = new Set<number>();
        for (const column of await courierColumnsOf(tx)) {
          const ids = trips
            .filter((t) => t.column === column)
            .sort((a, b) => a.number - b.number)
            .flatMap((t) => t.stops.map((s) => s.order_id));
          for (const orderId of ids) planned.add(orderId);
          columns.set(column, [...ids, ...(columns.get(column) ?? [])]);
        }
        columns.set(0, [...(columns.get(0) ?? []), ...rows.filter((r) => !planned.has(r.id)).map((r) => r.id)]);
        const placements = [...columns].flatMap(([courier, ids]) =>
          ids.map((orderId, position) => ({ orderId, courier, position })),
        );
        await writePlanPlacements(tx, placements);
        await updateDayPlan(tx, id, { appliedAt: new Date() });
        // Each planned courier's phone reads its trips again (its queue of the day changed).
        const links = await courierLinkRows(tx);
        await appendCourierChanged(
          tx,
          links.filter((l) => trips.some((t) => t.column === l.column)).map((l) => l.userId),
          plan.deliveryDate,
          user.id,
        );
        const prepared = new Set(rows.filter((r) => r.statusId === STATUS.prepared).map((r) => r.id));
        await appendEvent(tx, {
          type: "dispatch.assignment_changed",
          actorId: user.id,
          data: {
            reset: true,
            delivery_date: plan.deliveryDate,
            columns: columnsJson(placements.filter((p) => prepared.has(p.orderId) || !ofDate.has(p.orderId))),
          },
        });
        return { success: true as const, message: DAY_PLAN_MESSAGES.applied };
      }),
  };
}

export type DayPlanService = ReturnType<typeof createDayPlanService>;
