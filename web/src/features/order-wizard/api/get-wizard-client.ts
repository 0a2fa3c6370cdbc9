import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ClientFullData } from "../../../../../domain/contracts/claims";
import { ClientDetail } from "../../../../../domain/contracts/clients";
import { VirtualFreezerResponse } from "../../../../../domain/contracts/virtual-freezer";
import { get } from "../../../api/http";
import { wizardKeys } from "./keys";

/**
 * What step 2 reads of the freezer. The answer also lists the whole catalogue (for the freezer's
 * own editor): kept once per client opened, it made 130 KB of the phone's storage a client
 * with 2,000 products (docs/decisions/offline-kept-data.md).
 */
const WizardFreezer = VirtualFreezerResponse.pick({ has_virtual_freezer: true, cart: true });
export type WizardFreezer = z.infer<typeof WizardFreezer>;

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
    freezer: WizardFreezer.parse(freezer),
  };
}

const wizardClientOptions = (id: number) =>
  queryOptions({ queryKey: wizardKeys.client(id), queryFn: () => getWizardClient(id) });

export const useWizardClient = (id: number) => useQuery(wizardClientOptions(id));
