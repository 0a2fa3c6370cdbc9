import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import {
  AppliedPlan,
  AppliedPlanQuery,
  DayPlanResponse,
  Fleet,
  FleetRequest,
  PlanParams,
  PlanRequest,
  TimeSlots,
  TimeSlotsRequest,
} from "@domain/contracts/day-plan";
import type { DayPlanService } from "./service";

const permission = "dispatch.work" as const;

export const dayPlanRoutes: FastifyPluginAsyncZod<{ dayPlan: DayPlanService }> = async (app, { dayPlan }) => {
  app.get("/dispatch/fleet/", {
    config: { permission },
    schema: { summary: "The couriers of the day's plan, their speed and minutes per stop", response: { 200: Fleet } },
    handler: () => dayPlan.fleet(),
  });

  app.put("/dispatch/fleet/", {
    config: { permission },
    schema: {
      summary: "Change the fleet (partial courier entries keep the rest)",
      body: FleetRequest,
      response: { 200: Fleet },
    },
    handler: (request) => dayPlan.saveFleet(request.body, request.currentUser!),
  });

  app.get("/settings/time-slots/", {
    config: { permission },
    schema: { summary: "Delivery slots and their hours", response: { 200: TimeSlots } },
    handler: () => dayPlan.timeSlots(),
  });

  app.put("/settings/time-slots/", {
    config: { permission },
    schema: { summary: "Set the slots' hours (both or neither)", body: TimeSlotsRequest, response: { 200: TimeSlots } },
    handler: (request) => dayPlan.saveTimeSlots(request.body),
  });

  app.post("/dispatch/plans/", {
    config: { permission },
    schema: {
      summary: "Plan a delivery date: a job computes the trips",
      body: PlanRequest,
      response: { 202: z.object({ id: text() }) },
    },
    handler: async (request, reply) => reply.code(202).send(await dayPlan.request(request.body, request.currentUser!)),
  });

  app.get("/dispatch/plans/", {
    config: { permission },
    schema: {
      summary: "The plan last applied to a date's board, if any",
      querystring: AppliedPlanQuery,
      response: { 200: AppliedPlan },
    },
    handler: (request) => dayPlan.applied(request.query.delivery_date),
  });

  app.get("/dispatch/plans/:id/", {
    config: { permission },
    schema: { summary: "A day's plan and its state", params: PlanParams, response: { 200: DayPlanResponse } },
    handler: (request) => dayPlan.plan(request.params.id),
  });

  app.post("/dispatch/plans/:id/apply/", {
    config: { permission },
    schema: {
      summary: "Lay a ready plan on the dispatch board",
      params: PlanParams,
      response: { 200: z.object({ success: z.literal(true), message: text() }) },
    },
    handler: (request) => dayPlan.apply(request.params.id, request.currentUser!),
  });
};
