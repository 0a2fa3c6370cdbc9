import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { clientKeys } from "./keys";

// SPEC.md §7: claim type 3 is about one product and goes to its own call.
const PRODUCT_CLAIM = 3;

export interface SaveClaimInput {
  clientId: number;
  claimType: number;
  claimValue: string;
  productId: number | null;
}

export function saveClaim({ clientId, claimType, claimValue, productId }: SaveClaimInput) {
  if (claimType === PRODUCT_CLAIM) return post(`/save_claim_product/${clientId}/`, { claimType, claimValue, product: productId });
  return post(`/save_claim_or_bonus/${clientId}/`, { claimType, claimValue });
}

export function useSaveClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveClaim,
    onSuccess: (_answer, { clientId }) =>
      Promise.all([client.invalidateQueries({ queryKey: clientKeys.fullData(clientId) }), client.invalidateQueries({ queryKey: clientKeys.claims(clientId) })]),
  });
}
