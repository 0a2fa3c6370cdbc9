/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/accounts/0164-client-accounts.md
 */
// The public entry of accounts: what the orders feature writes in a delivery's or an undo's transaction.
export { recordDelivery, reverseDelivery } from "./ledger";
