/**
 * Accounts: what a client owes (cuenta corriente).
 * - ledger.ts: a delivery's debit and cash, and an undo's reversals, in the orders' transaction.
 * - payments.ts: office payments and an Admin's void; balances.ts: an account read, who owes what.
 * - repository.ts: `appendMovement`, the one place the stored balance moves (account row locked by
 *   `lockAccount`). Rules (balance, available credit): domain/accounts.ts.
 *
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/accounts/0164-client-accounts.md
 */
// The public entry of accounts: what the orders feature writes in a delivery's or an undo's transaction.
export { recordDelivery, reverseDelivery } from "./ledger";
