/** Query keys of the accounts feature, from one place: a payment or a void refreshes everything under `all`. */
export const accountKeys = {
  all: ["accounts"] as const,
  account: (clientId: number, limit: number, offset: number) =>
    ["accounts", "client", clientId, limit, offset] as const,
  debtors: (page: number) => ["accounts", "debtors", page] as const,
};
