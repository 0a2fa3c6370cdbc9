import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { ClientListResponse } from "@domain/contracts/clients";
import { get } from "../../../api/http";
import { offsetOf } from "../../../components/list-pager";
import { clientKeys, type ClientListParams } from "./keys";

/** SPEC.md §7's client search limit; pages reach the rest. */
export const CLIENTS_PAGE_SIZE = 20;

async function listClients({ search, filter, page }: ClientListParams) {
  const params = new URLSearchParams({
    search,
    filter_select: filter,
    limit: String(CLIENTS_PAGE_SIZE),
    offset: offsetOf(page, CLIENTS_PAGE_SIZE),
    with_count: "true",
  });
  return ClientListResponse.parse(await get(`/clients_list/?${params}`));
}

const clientListOptions = (params: ClientListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: () => listClients(params),
    placeholderData: keepPreviousData,
  });

export const useClientList = (params: ClientListParams) => useQuery(clientListOptions(params));
