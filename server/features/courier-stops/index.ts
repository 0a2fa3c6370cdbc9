/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/courier-stops/0113-stops-are-history.md
 */
// An order's way to a courier, shared by the dispatch, courier, orders and day-plan features instead
// of reaching into one another: the dispatch board's lock and its columns' placements, and the stops
// of a sent route (recorded, closed, announced).
export { assertCourierColumn, courierColumnsOf } from "./columns-repository";
export { lockBoard, removePlacements } from "./placements-repository";
export {
  appendCourierChanged,
  appendStopEvents,
  closeFromBoard,
  courierOfColumn,
  recordRoute,
} from "./stop-records";
export { closeStop, lockOpenStop } from "./stops-repository";
