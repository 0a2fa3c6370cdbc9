import { queryOptions, useQuery } from "@tanstack/react-query";
import { ClaimValueResponse } from "@domain/contracts/claims";
import { get } from "../../../api/http";
import { clientKeys } from "./keys";

/** SPEC.md §7: the active value of one claim type (3: about one product). */
async function getClaim(clientId: number, claimType: number, productId: number | null) {
  const path = productId ? `/check_client_claim/${clientId}/${productId}/` : `/check_client_claim/${clientId}/`;
  return ClaimValueResponse.parse(await get(`${path}?claimType=${claimType}`));
}

/**
 * Read once per choice and kept while the dialog is open: a background refetch would
 * overwrite what the user is typing. Saving a claim invalidates it.
 */
const claimOptions = (clientId: number, claimType: number, productId: number | null) =>
  queryOptions({
    queryKey: clientKeys.claim(clientId, claimType, productId),
    queryFn: () => getClaim(clientId, claimType, productId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useClaim = (clientId: number, claimType: number, productId: number | null, enabled: boolean) =>
  useQuery({ ...claimOptions(clientId, claimType, productId), enabled });
