import type { Database } from "../../db/types";
import { createBalances } from "./balances";
import { createPayments } from "./payments";

/** The accounts feature's service, one object for its routes: balances read, payments written. */
export function createAccountsService({ db }: { db: Database }) {
  // biome-ignore lint/nursery/noMisusedPromises: createPayments returns an object of methods, not a promise; Biome's inference reads it as one
  return { ...createBalances({ db }), ...createPayments({ db }) };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
