import type { Database } from "../../db/types";
import { createBalances } from "./balances";
import { createPayments } from "./payments";

/** The accounts feature's service, one object for its routes: balances read, payments written. */
export function createAccountsService({ db }: { db: Database }) {
  return { ...createBalances({ db }), ...createPayments({ db }) };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
