/** Query keys of the courier feature, from one place. */
export const courierKeys = {
  all: ["courier"] as const,
  route: (date: string) => ["courier", "route", date] as const,
  cash: (from: string, to: string) => ["courier", "cash", from, to] as const,
};
