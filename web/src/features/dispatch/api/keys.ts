/** Every cache key of the dispatch feature: the queries and the live events use these. */
export const dispatchKeys = {
  all: ["dispatch"] as const,
  board: (date: string) => ["dispatch", "board", date] as const,
  route: (ids: number[]) => ["dispatch", "route", ids.join(",")] as const,
  allCouriers: ["dispatch", "couriers"] as const,
  couriers: (date: string) => ["dispatch", "couriers", date] as const,
  plan: (id: string) => ["dispatch", "plan", id] as const,
  appliedPlan: (date: string) => ["dispatch", "applied-plan", date] as const,
  fleet: ["dispatch", "fleet"] as const,
  timeSlots: ["dispatch", "time-slots"] as const,
};
