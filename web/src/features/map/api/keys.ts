/** Query keys of the map feature, from one place. */
export const mapKeys = { geocode: (q: string) => ["map", "geocode", q] as const };
