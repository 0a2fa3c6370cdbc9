// The public entry of orders: what other features may use of it (.dependency-cruiser.cjs).
export { type BoardRow, boardRows, linesOfOrders } from "./board-repository";
export { lastOrderOf } from "./repository";
export { toBoardRow } from "./serialize";
export type { OrderGroup, OrdersService } from "./service";
