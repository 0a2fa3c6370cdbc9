/**
 * Day plan: a delivery date's trips per courier.
 * - compute.ts: `computeDayPlan` reads the date's orders, fleet and slots, runs `planDay`
 *   (domain/day-plan/plan-day.ts) and stores the plan; run as the job workers/processors/day-plan.ts.
 * - service.ts: the fleet, the slots' hours, a plan requested (queued), read and applied to the
 *   board; repository.ts its SQL; routes.ts /api/dispatch/fleet/, /api/settings/time-slots/ and
 *   /api/dispatch/plans/.
 *
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/day-plan/0157-day-plan-solver.md
 * - docs/decisions/day-plan/0161-day-plan-on-the-board.md
 */
// The public entry of day-plan: what the app and the workers use of it (.dependency-cruiser.cjs).
export { appliedTrips, computeDayPlan, failDayPlan } from "./compute";
export { dayPlanRoutes } from "./routes";
export { createDayPlanService } from "./service";
