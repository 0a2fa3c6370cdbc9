import { useMutation } from "@tanstack/react-query";
import { ResetPasswordResponse } from "@domain/contracts/users";
import { post } from "../../../api/http";

/** A new password for the user, answered once (the server keeps only its hash). */
const resetPassword = async (userId: number) =>
  ResetPasswordResponse.parse(await post("/admin/users/reset-password/", { user_id: userId }));

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
