import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApprovalsResponse } from "@domain/contracts/users";
import { get } from "../../../api/http";
import { useEvents } from "../../../api/socket";
import { offsetOf } from "../../../components/list-pager";
import { approvalKeys } from "./keys";

/** Requests awaiting approval a page; the clients list's page size. */
export const APPROVALS_PAGE_SIZE = 20;

async function getApprovals(page: number) {
  const params = new URLSearchParams({
    limit: String(APPROVALS_PAGE_SIZE),
    offset: offsetOf(page, APPROVALS_PAGE_SIZE),
    with_count: "true",
  });
  return ApprovalsResponse.parse(await get(`/admin/approvals/?${params}`));
}

const approvalsOptions = (page: number) =>
  queryOptions({
    queryKey: approvalKeys.page(page),
    queryFn: () => getApprovals(page),
    placeholderData: keepPreviousData,
  });

export function useApprovals(page: number) {
  const client = useQueryClient();
  // Someone registering or another Admin deciding shows up without a reload (user events carry no rows).
  useEvents("user.", () => void client.invalidateQueries({ queryKey: approvalKeys.all }));
  return useQuery(approvalsOptions(page));
}
