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
