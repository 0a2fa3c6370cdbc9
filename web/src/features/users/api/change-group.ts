import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { approvalKeys } from "./keys";

const changeGroup = ({ userId, groupId }: { userId: number; groupId: number }) =>
  post("/admin/users/change-group/", { user_id: userId, group_id: groupId });

/** The users table is read again whatever the outcome: it shows the group the server holds. */
export function useChangeGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeGroup,
    onSettled: () => client.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
