import { useQuery } from "@tanstack/react-query";
import { ClientFullData, type ClaimValueResponse } from "../../../../domain/contracts/claims";
import { City, ClientDetail, Shipment, type CreateClientInput } from "../../../../domain/contracts/clients";
import { z } from "zod";
import { get, post } from "../../api/http";

export const clientKeys = {
  all: ["clients"] as const,
  detail: (id: number) => ["clients", "detail", id] as const,
  fullData: (id: number) => ["clients", "full-data", id] as const,
};


export const useClient = (id: number | null) =>
  useQuery({ queryKey: clientKeys.detail(id ?? 0), enabled: !!id, queryFn: async () => ClientDetail.parse(await get(`/get_client/${id}/`)) });

export const useFullData = (id: number | null) =>
  useQuery({ queryKey: clientKeys.fullData(id ?? 0), enabled: !!id, queryFn: async () => ClientFullData.parse(await get(`/clients/${id}/full-data/`)) });

/** SPEC.md §7: POST /clients/, falling back to /create_client/ on a 404 or 405. */
export async function createClient(input: CreateClientInput) {
  try {
    return await post<{ id: number }>("/clients/", input);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 405) return post<{ id: number }>("/create_client/", input);
    throw error;
  }
}

export const saveClient = (id: number, body: Record<string, unknown>) => post<{ version: number }>(`/save_client/${id}/`, body);
export const deleteClient = (id: number) => post(`/clients/${id}/null_date/`);

export function fetchClaim(clientId: number, claimType: number, productId?: number) {
  const path = productId ? `/check_client_claim/${clientId}/${productId}/` : `/check_client_claim/${clientId}/`;
  return get<ClaimValueResponse>(`${path}?claimType=${claimType}`);
}

export const saveClaim = (clientId: number, claimType: number, claimValue: string) => post(`/save_claim_or_bonus/${clientId}/`, { claimType, claimValue });
export const saveProductClaim = (clientId: number, claimValue: string, product: number) =>
  post(`/save_claim_product/${clientId}/`, { claimType: 3, claimValue, product });
