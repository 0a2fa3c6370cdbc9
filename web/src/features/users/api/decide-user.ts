import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { approvalKeys } from "./keys";

/** An Admin's decision on a registration request, or on an active user (SPEC.md §7 Approvals). */
export type UserDecision = { kind: "approve" | "deny"; requestId: number } | { kind: "deactivate"; userId: number };

function decideUser(decision: UserDecision) {
  if (decision.kind === "deactivate") return post("/admin/users/deactivate/", { user_id: decision.userId });
  return post(`/admin/registration-requests/${decision.kind}/`, { id: decision.requestId });
}

/** Both tables are read again whatever the outcome: they show what the server holds. */
export function useDecideUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideUser,
    onSettled: () => client.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
