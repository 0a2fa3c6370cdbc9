import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApprovalsResponse } from "../../../../../domain/contracts/users";
import { get } from "../../../api/http";
import { useEvents } from "../../../api/socket";
import { approvalKeys } from "./keys";

const getApprovals = async () => ApprovalsResponse.parse(await get("/admin/approvals/"));

const approvalsOptions = () => queryOptions({ queryKey: approvalKeys.all, queryFn: getApprovals });

export function useApprovals() {
  const client = useQueryClient();
  // Someone registering or another Admin deciding shows up without a reload (user events carry no rows).
  useEvents("user.", () => void client.invalidateQueries({ queryKey: approvalKeys.all }));
  return useQuery(approvalsOptions());
}
