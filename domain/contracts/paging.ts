import { z } from "zod";

/**
 * Paging a list beyond SPEC.md's limits: `offset` skips rows, `with_count=true` adds how many
 * rows match. Both optional, so the spec's calls answer exactly as before.
 */
export const PageQuery = {
  offset: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  with_count: z.enum(["true", "false"]).optional(),
};
export const PageCount = { count: z.number().int().optional() };

export interface Paging {
  offset: number;
  withCount: boolean;
}
export interface PageParams {
  offset: number;
  with_count?: "true" | "false";
}
export const pagingOf = (query: PageParams): Paging => ({
  offset: query.offset,
  withCount: query.with_count === "true",
});
