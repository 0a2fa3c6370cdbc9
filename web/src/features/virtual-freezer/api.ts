import { useQuery } from "@tanstack/react-query";
import { VirtualFreezerResponse } from "../../../../domain/contracts/virtual-freezer";
import { get, post } from "../../api/http";

export const freezerKeys = { detail: (clientId: number) => ["virtual-freezer", clientId] as const };

export const useVirtualFreezer = (clientId: number) =>
  useQuery({ queryKey: freezerKeys.detail(clientId), queryFn: async () => VirtualFreezerResponse.parse(await get(`/clients/${clientId}/virtual-freezer/`)) });

export const saveVirtualFreezer = (body: { clientId: number; has_virtual_freezer: boolean; items: { productId: number; units: string; type: string }[] }) =>
  post("/save_virtual_freezer/", body);
