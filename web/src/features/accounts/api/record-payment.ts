import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PaymentSaved } from "@domain/contracts/accounts";
import { post } from "../../../api/http";
import { accountKeys } from "./keys";

interface PaymentInput {
  clientId: number;
  body: { amount: number | string; payment_method_id: number; date?: string; note?: string };
  /** One per submission of the form: a double tap or a retry records one payment. */
  idempotencyKey: string;
}

const recordPayment = async ({ clientId, body, idempotencyKey }: PaymentInput) =>
  PaymentSaved.parse(await post(`/clients/${clientId}/payments/`, body, { "idempotency-key": idempotencyKey }));

export function useRecordPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
