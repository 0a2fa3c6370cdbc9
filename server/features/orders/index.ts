/**
 * Orders: taking, changing and moving an order.
 * - service.ts: create (one `create_order` call takes the stock), modify, `changeStatus` (every
 *   status move: `canTransition` of domain/order-status.ts, a cancel by Admin or the own Vendedor
 *   via `mustManage`; a courier's undo is `revertToSent`), prepare (weights, lots), `toPending`.
 * - repository.ts: the SQL (`applyStock`, `applyFreezer`, the order functions of drizzle/functions/).
 * - cart-pricing.ts: `priceCart` (the catalogue's prices, never the browser's), `takenBy` (stock
 *   and freezer a cart holds). resolve-delivery.ts, idempotency.ts, receipt.ts, serialize.ts: the
 *   delivery's ids and price, Idempotency-Key, the receipt image, the wire shape.
 * Refusals: ORDER_MESSAGES in domain/contracts/orders.ts.
 *
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/orders/0021-cancelled-orders-admin-only.md
 * - docs/decisions/orders/0057-idempotency-key.md
 * - docs/decisions/orders/0072-modify-and-cancel-own-orders.md
 * - docs/decisions/orders/0078-order-is-two-statements.md
 * - docs/decisions/orders/0079-orders-priced-on-the-server.md
 * - docs/decisions/orders/0083-pick-up-orders-without-coordinates.md
 * - docs/decisions/orders/0084-plpgsql-order-functions-and-unindexed-stock.md
 * - docs/decisions/orders/0089-prices-per-kilogram-and-per-promotion.md
 * - docs/decisions/orders/0104-repeated-status-move-succeeds.md
 * - docs/decisions/orders/0112-stock-taken-in-the-order-transaction.md
 * - docs/decisions/orders/0146-delivery-dates-within-a-year.md
 * - docs/decisions/orders/0148-order-request-contract.md
 */
// The public entry of orders: what other features may use of it (.dependency-cruiser.cjs).
export { lastOrderOf } from "./repository";
export type { OrdersService } from "./service";
