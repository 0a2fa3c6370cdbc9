import { queryOptions, useQuery } from "@tanstack/react-query";
import { ClientListResponse } from "@domain/contracts/clients";
import { get } from "../../../api/http";
import { wizardKeys } from "./keys";

/** SPEC.md §9: the client search shows 20 at most. */
const searchClients = async (search: string) =>
  ClientListResponse.parse(await get(`/clients_list/?${new URLSearchParams({ search, limit: "20" })}`)).results;

const clientSearchOptions = (search: string) =>
  queryOptions({ queryKey: wizardKeys.clients(search), queryFn: () => searchClients(search) });

export const useClientSearch = (search: string) => useQuery(clientSearchOptions(search));
