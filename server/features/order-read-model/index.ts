/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/order-read-model/0154-one-builder-of-an-order-row.md
 */
// The order as the boards and lists read it, shared by the orders, preparation, dispatch and courier
// features: an order with its client (`ordersWithClient`), one list row (`orderRow`), the boards'
// rows and cards (`boardRows`) and the lines of a group of orders (`linesOfOrders`).
export {
  type BoardRow,
  boardRows,
  linesOfOrders,
  type OrderGroup,
  orderRow,
  ordersWithClient,
} from "./rows-repository";
