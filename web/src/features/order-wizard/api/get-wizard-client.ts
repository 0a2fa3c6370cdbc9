import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { z } from "zod";
import { ClientFullData } from "@domain/contracts/claims";
import { ClientDetail } from "@domain/contracts/clients";
import { directoryEntry, type DirectoryEntry } from "@domain/contracts/client-directory";
import { VirtualFreezerResponse } from "@domain/contracts/virtual-freezer";
import { get } from "../../../api/http";
import { useReferences } from "../../../api/references";
import { useOffline } from "../../offline";
import { useClientDirectory } from "./get-client-directory";
import { wizardKeys } from "./keys";

/**
 * What step 2 reads of the freezer. The answer also lists the whole catalogue (for the freezer's
 * own editor): kept once per client opened, it made 130 KB of the phone's storage a client
 * with 2,000 products (docs/decisions/offline/0153-offline-kept-data.md).
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

export type WizardClient = Awaited<ReturnType<typeof getWizardClient>>;

/**
 * A client never opened online, with no signal: what the kept directory says of it. No claims
 * or bonuses, and the freezer's items unknown (only whether it has one): those come with signal.
 */
function fromDirectory(entry: DirectoryEntry, references: Pick<ClientDetail, "cities" | "shipments">): WizardClient {
  const city = references.cities.find((c) => c.PK_Cities === entry.city);
  const coordinate = (value: number | null) => (value === null ? null : value.toFixed(6));
  return {
    detail: {
      PK_Clients: entry.id,
      name: entry.name,
      address: entry.address,
      city: entry.city,
      city_name: city?.Name ?? null,
      shipment: entry.zone,
      zone: entry.zone,
      category: entry.virtualFreezer ? "Freezer Virtual" : "Normal",
      phone: entry.phone,
      email: "",
      birthday: null,
      whatsapp_ubication: false,
      risk_zone: entry.riskZone,
      latitude: coordinate(entry.latitude),
      longitude: coordinate(entry.longitude),
      second_address: null,
      second_latitude: null,
      second_longitude: null,
      has_virtual_freezer: entry.virtualFreezer,
      last_order_id: entry.lastOrderId,
      credit_limit: null,
      version: 0,
      ...references,
    },
    claims: { bonuses: [], order_claims: [], product_claims: [] },
    freezer: { has_virtual_freezer: entry.virtualFreezer, cart: { items: [] } },
  };
}

/** The client as kept or read; with no signal and nothing kept, as the kept directory has it. */
export function useWizardClient(id: number) {
  const query = useQuery(wizardClientOptions(id));
  const offline = useOffline();
  const directory = useClientDirectory();
  const references = useReferences();
  const fallback = useMemo(() => {
    if (query.data || !offline || !directory) return undefined;
    const row = directory.clients.find((r) => r[0] === id);
    return row && fromDirectory(directoryEntry(row), references.data ?? { cities: [], shipments: [] });
  }, [query.data, offline, directory, references.data, id]);
  return { data: query.data ?? fallback, isLoading: query.isLoading, isError: query.isError && !fallback };
}
