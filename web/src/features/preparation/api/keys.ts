/** Every cache key of the preparation feature: the queries and the live events use these. */
export const preparationKeys = {
  all: ["preparation"] as const,
  board: (date: string) => ["preparation", "board", date] as const,
  items: (id: number) => ["preparation", "items", id] as const,
};
