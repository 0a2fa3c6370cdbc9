// The public entry of boards, the layer the preparation, dispatch, courier and home features share
// instead of reaching into one another: the boards' order rows and cards, the dispatch board's lock
// and placements, a sent route's stops, and what each board holds on a day.
export { batchesLeftOn, ordersDueOn, statusCountsOn, stopCountsOn } from "./figures-repository";
export { lockBoard, removePlacements } from "./placements-repository";
export { readColdChain, writeColdChain } from "./cold-chain-repository";
export { appendCourierChanged, appendStopEvents, closeFromBoard, courierOfColumn, recordRoute } from "./route-stops";
export {
  type BoardRow,
  boardRows,
  linesOfOrders,
  type OrderGroup,
  orderRow,
  ordersWithClient,
} from "./rows-repository";
export { closeStop, lockOpenStop } from "./stops-repository";
