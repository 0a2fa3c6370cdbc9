import { queryOptions, useQuery } from "@tanstack/react-query";
import { ClientDetail } from "@domain/contracts/clients";
import { get } from "../../../api/http";
import { clientKeys } from "./keys";

const getClient = async (id: number) => ClientDetail.parse(await get(`/get_client/${id}/`));

const clientOptions = (id: number) => queryOptions({ queryKey: clientKeys.detail(id), queryFn: () => getClient(id) });

export const useClient = (id: number | null) => useQuery({ ...clientOptions(id ?? 0), enabled: !!id });
