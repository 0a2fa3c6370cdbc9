/**
 * Lots: kilograms received by lot, taken first expiry first, traced to orders.
 * - service.ts: receive (stock grows), `takeOrderLots` (`allocate` of domain/lots.ts in the
 *   preparation's transaction), `releaseOrderLots`, `suggestLots`, a lot's trace and its file.
 * - repository.ts: the SQL.
 *
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/lots/0169-lots-and-expiry.md
 */
// The public entry of lots: what the orders feature runs in a preparation's or a return's transaction,
// and what the route sheet prints under each stop.
export { lotsByOrder, orderLineLots, releaseOrderLots, suggestLots, takeOrderLots } from "./service";
