import { queryOptions, useQuery } from "@tanstack/react-query";
import { ClientFullData } from "../../../../../domain/contracts/claims";
import { ClientDetail } from "../../../../../domain/contracts/clients";
import { VirtualFreezerResponse } from "../../../../../domain/contracts/virtual-freezer";
import { get } from "../../../api/http";
import { wizardKeys } from "./keys";

/** Everything step 2 shows about the client: fields, claims and bonuses, and the freezer. */
async function getWizardClient(id: number) {
  const [detail, claims, freezer] = await Promise.all([
    get(`/get_client/${id}/`),
    get(`/clients/${id}/full-data/`),
    get(`/clients/${id}/virtual-freezer/`),
  ]);
  return {
    detail: ClientDetail.parse(detail),
    claims: ClientFullData.parse(claims),
    freezer: VirtualFreezerResponse.parse(freezer),
  };
}

const wizardClientOptions = (id: number) =>
  queryOptions({ queryKey: wizardKeys.client(id), queryFn: () => getWizardClient(id) });

export const useWizardClient = (id: number) => useQuery(wizardClientOptions(id));
