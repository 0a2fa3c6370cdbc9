import type { FleetRequest, TimeSlotsRequest } from "@domain/contracts/day-plan";
import type { Database } from "../../db/types";
import type { Jobs } from "../../jobs/types";
import type { AuthenticatedUser } from "../auth";
import { applyPlan } from "./apply-plan";
import { readFleet } from "./compute";
import { saveFleet } from "./fleet";
import { createPlans } from "./plans";
import { saveSlotHours, slotHours } from "./slot-hours";

export interface DayPlanDeps {
  db: Database;
  jobs: Jobs;
  /** The courier feature's link: a fleet entry's user_id is the column's linked Cadete. */
  linkCourier(actor: AuthenticatedUser, column: number, userId: number | null): Promise<unknown>;
}

/** The day-plan feature's service, one object for its routes: the fleet, the slots' hours, plans asked for, read and applied. */
export function createDayPlanService({ db, jobs, linkCourier }: DayPlanDeps) {
  return {
    fleet: () => readFleet(db),
    saveFleet: (request: FleetRequest, actor: AuthenticatedUser) => saveFleet({ db, linkCourier }, request, actor),
    timeSlots: () => slotHours(db),
    saveTimeSlots: (request: TimeSlotsRequest) => saveSlotHours(db, request),
    ...createPlans({ db, jobs }),
    apply: (id: string, user: AuthenticatedUser) => applyPlan(db, id, user),
  };
}

export type DayPlanService = ReturnType<typeof createDayPlanService>;
