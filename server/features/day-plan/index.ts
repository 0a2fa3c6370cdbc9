// The public entry of day-plan: what the app and the workers use of it (.dependency-cruiser.cjs).
export { computeDayPlan, failDayPlan } from "./compute";
export { dayPlanRoutes } from "./routes";
export { createDayPlanService } from "./service";
