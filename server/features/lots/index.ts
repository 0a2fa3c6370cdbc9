/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/lots/0169-lots-and-expiry.md
 */
// The public entry of lots: what the orders feature runs in a preparation's or a return's transaction,
// and what the route sheet prints under each stop.
export { lotsByOrder, orderLineLots, releaseOrderLots, suggestLots, takeOrderLots } from "./service";
