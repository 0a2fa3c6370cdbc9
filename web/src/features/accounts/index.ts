/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/accounts/0164-client-accounts.md
 */
/** What other features use of the accounts: the client bar's figures and the home's total owed. */
export { useAccountSummary } from "./api/get-account";
export { money as accountMoney } from "./money";
export { TotalOwed } from "./total-owed";
