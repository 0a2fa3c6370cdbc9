/** Query keys of the commissions feature, from one place. */
export const commissionKeys = { setup: ["commissions", "setup"] as const };
