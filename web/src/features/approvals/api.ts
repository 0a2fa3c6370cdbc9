import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ApprovalsResponse } from "../../../../domain/contracts/users";
import { get, post } from "../../api/http";
import { useEvents } from "../../api/socket";

export const approvalKeys = { all: ["approvals"] as const };

export function useApprovals() {
  const client = useQueryClient();
  // Someone registering or another Admin deciding shows up without a reload.
  useEvents("user.", () => void client.invalidateQueries({ queryKey: approvalKeys.all }));
  return useQuery({ queryKey: approvalKeys.all, queryFn: async () => ApprovalsResponse.parse(await get("/admin/approvals/")) });
}

export const approveRequest = (id: number) => post("/admin/registration-requests/approve/", { id });
export const denyRequest = (id: number) => post("/admin/registration-requests/deny/", { id });
export const deactivateUser = (userId: number) => post("/admin/users/deactivate/", { user_id: userId });
