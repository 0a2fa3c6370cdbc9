import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CLAIM_TYPES } from "@domain/contracts/claims";
import { post } from "../../../api/http";
import { clientKeys } from "./keys";

interface SaveClaimInput {
  clientId: number;
  claimType: number;
  claimValue: string;
  productId: number | null;
}

function saveClaim({ clientId, claimType, claimValue, productId }: SaveClaimInput) {
  // SPEC.md §7: the product claim goes to its own call.
  if (claimType === CLAIM_TYPES.productClaim)
    return post(`/save_claim_product/${clientId}/`, { claimType, claimValue, product: productId });
  return post(`/save_claim_or_bonus/${clientId}/`, { claimType, claimValue });
}

export function useSaveClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveClaim,
    onSuccess: (_answer, { clientId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: clientKeys.fullData(clientId) }),
        client.invalidateQueries({ queryKey: clientKeys.claims(clientId) }),
      ]),
  });
}
