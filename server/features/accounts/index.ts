// The public entry of accounts: what the orders feature writes in a delivery's or an undo's transaction.
export { recordDelivery, reverseDelivery } from "./ledger";
