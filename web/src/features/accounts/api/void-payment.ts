import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PaymentVoided } from "@domain/contracts/accounts";
import { post } from "../../../api/http";
import { accountKeys } from "./keys";

const voidPayment = async ({ clientId, paymentId }: { clientId: number; paymentId: number }) =>
  PaymentVoided.parse(await post(`/clients/${clientId}/payments/${paymentId}/void/`));

/** An Admin voids an office payment: the account gains a reversing movement, the payment stays listed. */
export function useVoidPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: voidPayment,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
