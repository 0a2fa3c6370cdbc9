export interface ClientListParams {
  search: string;
  filter: "" | "virtual_freezer";
  page: number;
}

/** Query keys of the clients feature, from one place. */
export const clientKeys = {
  all: ["clients"] as const,
  list: (params: ClientListParams) => ["clients", "list", params] as const,
  detail: (id: number) => ["clients", "detail", id] as const,
  fullData: (id: number) => ["clients", "full-data", id] as const,
  claims: (clientId: number) => ["clients", "claims", clientId] as const,
  claim: (clientId: number, claimType: number, productId: number | null) =>
    ["clients", "claims", clientId, claimType, productId] as const,
  claimProducts: ["clients", "claim-products"] as const,
};
