import { queryOptions, useQuery } from "@tanstack/react-query";
import { ClientFullData } from "@domain/contracts/claims";
import { get } from "../../../api/http";
import { clientKeys } from "./keys";

/** SPEC.md §7: the client's active claims, bonuses and product claims. */
const getFullData = async (id: number) => ClientFullData.parse(await get(`/clients/${id}/full-data/`));

const fullDataOptions = (id: number) =>
  queryOptions({ queryKey: clientKeys.fullData(id), queryFn: () => getFullData(id) });

export const useFullData = (id: number | null) => useQuery({ ...fullDataOptions(id ?? 0), enabled: !!id });
