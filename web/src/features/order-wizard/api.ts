import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { City, ClientDetail, ClientListResponse, Shipment } from "../../../../domain/contracts/clients";
import { ClientFullData } from "../../../../domain/contracts/claims";
import { PayMethod, TimeSlot } from "../../../../domain/contracts/orders";
import { ProductListResponse } from "../../../../domain/contracts/products";
import { VirtualFreezerResponse } from "../../../../domain/contracts/virtual-freezer";
import { api, get } from "../../api/http";

// SPEC.md §7: when the slots cannot be loaded or come empty, these stand in.
const FALLBACK_SLOTS = ["SELECCIONE", "Mañana", "Mediodía", "Tarde"].map((Name, i) => ({ PK_TimesShipping: i + 1, Name }));

export const wizardKeys = {
  clients: (search: string) => ["wizard", "clients", search] as const,
  client: (id: number) => ["wizard", "client", id] as const,
  products: (search: string) => ["products", "wizard", search] as const,
  lowStock: ["products", "low-stock"] as const,
};

export const useClientSearch = (search: string) =>
  useQuery({
    queryKey: wizardKeys.clients(search),
    queryFn: async () => ClientListResponse.parse(await get(`/clients_list/?${new URLSearchParams({ search, limit: "20" })}`)).results,
  });

export const useLowStock = () =>
  useQuery({ queryKey: wizardKeys.lowStock, queryFn: async () => ProductListResponse.parse(await get("/products/?filter=bajo_stock")).results });

export const useWizardProducts = (search: string) =>
  useQuery({ queryKey: wizardKeys.products(search), queryFn: async () => ProductListResponse.parse(await get(`/products/?${new URLSearchParams({ search, limit: "1000" })}`)).results });

/** Everything step 2 shows about the client: fields, claims and bonuses, and the freezer. */
export const useWizardClient = (id: number) =>
  useQuery({
    queryKey: wizardKeys.client(id),
    queryFn: async () => {
      const [detail, claims, freezer] = await Promise.all([get(`/get_client/${id}/`), get(`/clients/${id}/full-data/`), get(`/clients/${id}/virtual-freezer/`)]);
      return { detail: ClientDetail.parse(detail), claims: ClientFullData.parse(claims), freezer: VirtualFreezerResponse.parse(freezer) };
    },
  });

export const useTimeSlots = () =>
  useQuery({
    queryKey: ["time-slots"],
    queryFn: async () => {
      try {
        const slots = z.array(TimeSlot).parse(await get("/get_times_shipping/"));
        return slots.length ? slots : FALLBACK_SLOTS;
      } catch {
        return FALLBACK_SLOTS;
      }
    },
  });

export const usePayMethods = () => useQuery({ queryKey: ["pay-methods"], queryFn: async () => z.array(PayMethod).parse(await get("/get-pay-methods-jwt/")) });

export const updateStock = (id: number, quantity: number) => api(`/product/${id}/update/`, { method: "PATCH", body: { Quantity: quantity } });

export const useReferencesForWizard = () =>
  useQuery({
    queryKey: ["clients", "references"],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const [cities, shipments] = await Promise.all([get("/get_cities/"), get("/get_shipments/")]);
      return { cities: z.array(City).parse(cities), shipments: z.array(Shipment).parse(shipments) };
    },
  });
