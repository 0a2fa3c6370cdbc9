// The public entry of lots: what the orders feature runs in a preparation's or a return's transaction.
export { orderLineLots, releaseOrderLots, suggestLots, takeOrderLots } from "./service";
