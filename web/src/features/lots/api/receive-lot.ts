import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Lot } from "@domain/contracts/lots";
import { post } from "../../../api/http";
import { lotKeys } from "./keys";

interface ReceiveLot {
  productId: number;
  body: { code: string; expiry: string; quantity: number | string };
  /** One per receiving attempt: a double tap or a retry after no answer adds the kilograms once. */
  idempotencyKey: string;
}

/** 'Ingresar lote': the product's stock grows by the lot's kilograms. */
const receiveLot = async ({ productId, body, idempotencyKey }: ReceiveLot) =>
  Lot.parse(await post(`/products/${productId}/lots/`, body, { "idempotency-key": idempotencyKey }));

export function useReceiveLot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: receiveLot,
    // The product's lots and the lots about to expire; the catalogue's stock follows its own live event.
    onSuccess: () => client.invalidateQueries({ queryKey: lotKeys.all }),
  });
}
