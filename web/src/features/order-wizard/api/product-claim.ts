import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { CLAIM_TYPES, ClaimValueResponse } from "@domain/contracts/claims";
import { get } from "../../../api/http";
import { wizardKeys } from "./keys";

const getProductClaim = async (clientId: number, productId: number) =>
  ClaimValueResponse.parse(
    await get(`/check_client_claim/${clientId}/${productId}/?claimType=${CLAIM_TYPES.productClaim}`),
  );

const productClaimQuery = (clientId: number, productId: number) =>
  queryOptions({
    queryKey: wizardKeys.productClaim(clientId, productId),
    queryFn: () => getProductClaim(clientId, productId),
    staleTime: 30_000,
  });

/** The client's active claim about a product, or null; fetched once per product and cached. */
export function useProductClaimLookup(clientId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (productId: number) => {
      const answer = await queryClient.fetchQuery(productClaimQuery(clientId, productId));
      const value = answer.success ? (answer.claimValue ?? "").trim() : "";
      return value || null;
    },
    [queryClient, clientId],
  );
}
