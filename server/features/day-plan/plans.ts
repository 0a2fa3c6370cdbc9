import { SERVICE_UNAVAILABLE } from "@domain/contracts/errors";
import { DAY_PLAN_MESSAGES, type DayPlanResponse, type PlanRequest } from "@domain/contracts/day-plan";
import type { Database } from "../../db/types";
import { NotFound } from "../../errors";
import type { Jobs } from "../../jobs/types";
import type { AuthenticatedUser } from "../auth";
import { toResponse } from "./compute";
import { findDayPlan, insertDayPlan, lastAppliedPlan, updateDayPlan } from "./repository";

/** A day's plan asked for (computed by the day-plans job), and read back by id or as the date's applied one. */
export function createPlans({ db, jobs }: { db: Database; jobs: Jobs }) {
  return {
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
  };
}
