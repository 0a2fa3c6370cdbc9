/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/day-plan/0157-day-plan-solver.md
 * - docs/decisions/day-plan/0161-day-plan-on-the-board.md
 */
// The public entry of day-plan: what the app and the workers use of it (.dependency-cruiser.cjs).
export { appliedTrips, computeDayPlan, failDayPlan } from "./compute";
export { dayPlanRoutes } from "./routes";
export { createDayPlanService } from "./service";
