/** What other features use of the lots: a product's lots, the lots about to expire, a line's lots in words. */
export { ExpiringLots } from "./expiring-lots";
export { ProductLots } from "./product-lots";
export { LineLots, lotText, PrintedLineLots, PrintedOrderLots, withoutLotText } from "./line-lots";
export { useLotsOfProducts } from "./api/list-product-lots";
