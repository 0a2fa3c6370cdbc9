import type { OrderEventData } from "./contracts/event-data";
import type { OrderRow } from "./contracts/orders";
import { normalizeSearch } from "./text";

/** The /orders list's filters as the screen holds them (SPEC.md §7's query). */
export interface OrderListFilters {
  search: string;
  filter: string;
  fvStatus: string;
  statusId: string | null;
  page: number;
}

export interface OrderListPage {
  results: OrderRow[];
  count?: number;
}

/** The server's filter, on one row: the client's name or the order id, the freezer and status filters. */
function rowMatches(row: OrderRow, { search, filter, fvStatus, statusId }: OrderListFilters) {
  const term = normalizeSearch(search);
  if (term && !normalizeSearch(row.FK_Clients__Name).includes(term) && String(row.PK_Orders) !== term) return false;
  if (filter === "virtual_freezer") {
    if (!row.Has_FV) return false;
    if (fvStatus !== "all" && (fvStatus === "modified") !== (row.Alter_Date !== null)) return false;
  }
  return !(filter === "status" && statusId && row.FK_OrderStatus__PK_OrderStatus !== Number(statusId));
}

/**
 * One order event applied to one cached page of the list, newest first: the row is
 * replaced where it is, dropped when it no longer matches, and a new match enters a
 * page whose id range holds it (a new order, the first page). The count follows.
 */
export function applyOrderToList<T extends OrderListPage>(
  page: T,
  filters: OrderListFilters,
  pageSize: number,
  { row }: OrderEventData,
): T {
  const at = page.results.findIndex((r) => r.PK_Orders === row.PK_Orders);
  const matches = rowMatches(row, filters);
  const count = (delta: number) => (page.count === undefined ? undefined : Math.max(0, page.count + delta));
  if (at >= 0) {
    const results = matches ? page.results.with(at, row) : page.results.filter((_, i) => i !== at);
    return { ...page, results, count: count(matches ? 0 : -1) };
  }
  if (!matches) return page;
  const last = page.results.at(-1);
  const fits =
    (filters.page === 1 && row.PK_Orders > (page.results[0]?.PK_Orders ?? 0)) ||
    (!!last && row.PK_Orders > last.PK_Orders && row.PK_Orders < page.results[0]!.PK_Orders);
  if (!fits) return { ...page, count: count(1) };
  const results = [...page.results, row].sort((a, b) => b.PK_Orders - a.PK_Orders).slice(0, pageSize);
  return { ...page, results, count: count(1) };
}
