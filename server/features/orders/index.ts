// The public entry of orders: what other features may use of it (.dependency-cruiser.cjs).
export { lastOrderOf } from "./repository";
export type { OrdersService } from "./service";
